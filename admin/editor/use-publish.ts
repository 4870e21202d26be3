import { useRef, useState } from "react";
import type { TenantError } from "../../domain/tenant-validation";
import { time, type DraftState } from "./use-draft";

/** Publish: saves unsaved edits first, then publishes that revision; a refusal lists the problems (focused). */
export function usePublish(slug: string, draft: Pick<DraftState, "dirty" | "revision" | "save" | "setStatus" | "failed">) {
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  const [publishErrors, setPublishErrors] = useState<TenantError[] | null>(null);
  const publishPanel = useRef<HTMLDivElement>(null);

  async function publish() {
    setBusy(true);
    setPublished(null);
    setPublishErrors(null);
    try {
      let rev: number | null = draft.revision;
      if (draft.dirty) rev = await draft.save();
      if (rev === null) return;
      const res = await fetch(`/api/admin/tenants/${slug}/publish`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ revision: rev }),
      });
      const body = await res.json();
      if (res.ok) {
        setPublished(`Published version ${body.version} at ${time(new Date(body.at))}. The site shows it now.`);
        draft.setStatus({ kind: "saved", text: "All changes saved and published." });
      } else if (res.status === 422) {
        setPublishErrors(body.errors ?? []);
        requestAnimationFrame(() => publishPanel.current?.focus());
      } else if (res.status === 409) {
        await draft.save(); // shows the conflict
      } else {
        await draft.failed(new Response(JSON.stringify(body), { status: res.status }));
      }
    } finally {
      setBusy(false);
    }
  }

  return { busy, published, publishErrors, publishPanel, publish };
}
