"use client";

import { useEffect } from "react";
import { PREVIEW_BLOCK_MESSAGE, previewHref, type PreviewBlockMessage } from "../domain/preview-links";

export { previewHref };

/** The editor's origin when this preview is in its frame (Chromium and Safari name it; else the page that opened the frame). */
function editorOrigin(): string | null {
  if (window.parent === window) return null;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Clicks on these do their own thing; a click elsewhere in a block opens the block in the editor. */
const INTERACTIVE = "a, button, input, select, textarea, label, summary, [role='button'], [contenteditable='true']";
const OUTLINE = "[data-fc-block] > :hover { outline: 2px dashed #0b5394; outline-offset: -2px; }";

/** Puts every same-site link and GET form under `root` into the preview. */
function rewrite(root: ParentNode, token: string, origin: string) {
  for (const a of root.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>("a[href], area[href]")) {
    const to = previewHref(a.getAttribute("href")!, token, origin);
    if (to) a.setAttribute("href", to);
  }
  for (const form of root.querySelectorAll<HTMLFormElement>("form[action]")) {
    const to = previewHref(form.getAttribute("action")!, token, origin);
    if (to) form.setAttribute("action", to);
  }
}

/**
 * Keeps a preview in the draft: the server already wrote the token into the page's links
 * (serving/preview-links.ts); links, forms and navigations the site's scripts make later are
 * put into the preview here too. In the editor's frame, a click on a block (not on one of its
 * links or buttons) asks the editor to open that block in the form.
 */
export function PreviewLinks({ token }: { token: string }) {
  useEffect(() => {
    const origin = window.location.origin;
    rewrite(document, token, origin);
    const observer = new MutationObserver((changes) => {
      for (const c of changes) {
        if (c.type === "attributes") rewrite(c.target.parentNode ?? document, token, origin);
        else for (const n of c.addedNodes) if (n instanceof Element) rewrite(n.parentNode ?? n, token, origin);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["href", "action"] });

    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0) return;
      const target = e.target as Element | null;
      const a = target?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (a && !a.hasAttribute("download")) {
        const to = previewHref(a.getAttribute("href")!, token, origin);
        if (!to) return;
        e.preventDefault();
        e.stopPropagation();
        if (e.ctrlKey || e.metaKey || e.shiftKey || a.target === "_blank") window.open(to, "_blank", "noopener");
        else window.location.assign(to);
        return;
      }
      const editor = editorOrigin();
      const block = target?.closest?.("[data-fc-block]");
      if (!editor || !block || target?.closest(INTERACTIVE)) return;
      const message: PreviewBlockMessage = { type: PREVIEW_BLOCK_MESSAGE, id: block.getAttribute("data-fc-block")! };
      window.parent.postMessage(message, editor);
    };
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target as HTMLFormElement;
      if (form.method.toLowerCase() !== "get" || e.defaultPrevented) return;
      const to = previewHref(form.getAttribute("action") ?? window.location.pathname, token, origin);
      if (to) form.action = to.replace(/[?#].*$/, "");
    };
    window.addEventListener("click", onClick, true);
    window.addEventListener("submit", onSubmit, true);
    let style: HTMLStyleElement | null = null;
    if (editorOrigin()) {
      style = document.createElement("style");
      style.textContent = OUTLINE;
      document.head.append(style);
    }
    // Browser tests wait for this before following a link.
    document.documentElement.dataset.previewLinks = "ready";
    return () => {
      observer.disconnect();
      style?.remove();
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", onSubmit, true);
    };
  }, [token]);
  return null;
}
