import { useCallback, useEffect, useRef, useState } from "react";
import { previewBlockId } from "../../domain/preview-links";

export const DEVICES = { phone: { width: 390, height: 780, label: "Phone" }, desktop: { width: 1280, height: 800, label: "Desktop" } } as const;
export type Device = keyof typeof DEVICES;

/**
 * The preview beside the form: which device width and page it shows, its frame's size in the pane,
 * and `refresh` (a new preview link, then the frame reloads).
 */
export function usePreview(slug: string, initial: { origin: string; token: string }) {
  const [preview, setPreview] = useState(initial);
  const [path, setPath] = useState("/");
  const [stamp, setStamp] = useState(0);
  const [device, setDevice] = useState<Device>("desktop");
  const [paneWidth, setPaneWidth] = useState(560);
  const [windowHeight, setWindowHeight] = useState(900);
  const pane = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  const refresh = useCallback(async () => {
    const res = await fetch(`/api/admin/tenants/${slug}/preview`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    if (res.ok) {
      const { url } = await res.json();
      const m = /^(https?:\/\/[^/]+)\/preview\/([\w-]+)\//.exec(url);
      if (m) setPreview({ origin: m[1], token: m[2] });
    }
    setStamp((n) => n + 1);
  }, [slug]);

  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const onResize = () => setWindowHeight(window.innerHeight);
    onResize();
    window.addEventListener("resize", onResize);
    const ro = new ResizeObserver(([entry]) => setPaneWidth(entry.contentRect.width));
    ro.observe(el);
    return () => {
      ro.disconnect();
      window.removeEventListener("resize", onResize);
    };
  }, []);

  const dev = DEVICES[device];
  const scale = Math.min(1, paneWidth / dev.width);
  // The preview fills the window's height beside the form (it stays in view as the form scrolls),
  // so a scaled-down desktop page shows more of itself rather than a short strip.
  const boxHeight = Math.max(dev.height * scale, Math.min(windowHeight - 220, dev.height * 2.5 * scale));
  const src = `${preview.origin}/preview/${preview.token}${path}?v=${stamp}`;

  return { origin: preview.origin, device, setDevice, path, setPath, stamp, pane, frame, refresh, dev, scale, boxHeight, src };
}

/**
 * A click on a block in the preview (admin/preview-links.client.tsx posts its id): `onBlock` gets
 * the id. Only a message of the preview's own origin, from the editor's own frame and of the
 * expected shape counts; any other window may post anything.
 */
export function usePreviewClicks(preview: Pick<PreviewState, "origin" | "frame">, onBlock: (id: string) => void) {
  const { origin, frame } = preview;
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || !frame.current || e.source !== frame.current.contentWindow) return;
      const id = previewBlockId(e.data);
      if (id) onBlock(id);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin, frame, onBlock]);
}

export type PreviewState = ReturnType<typeof usePreview>;
