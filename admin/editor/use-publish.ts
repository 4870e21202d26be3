import { useCallback, useEffect, useRef, useState } from "react";
import type { TenantError } from "../../domain/tenant-validation";
import type { CheckItem } from "../../domain/publish-checklist";
import { time, type DraftState } from "./use-draft";

export const REASON_NEEDED = "Say why you publish although checks fail.";

/**
 * Publish: saves unsaved edits first, then publishes that revision. The pre-publish checklist of
 * the saved draft is fetched after each save; publishing with a failing check needs staff's
 * "Publish anyway" and a reason (the server refuses dealers whatever they send). A refusal lists
 * the problems (focused).
 */
export function usePublish(slug: string, draft: Pick<DraftState, "dirty" | "revision" | "save" | "setStatus" | "failed">) {
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  const [publishErrors, setPublishErrors] = useState<TenantError[] | null>(null);
  const [checklist, setChecklist] = useState<CheckItem[] | null>(null);
  const [anyway, setAnyway] = useState(false);
  const [reason, setReason] = useState("");
  /** Why the checklist (or a missing reason) stopped the last publish. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const publishPanel = useRef<HTMLDivElement>(null);
  const checklistPanel = useRef<HTMLDetailsElement>(null);

  const loadChecklist = useCallback(async () => {
    const res = await fetch(`/api/admin/tenants/${slug}/checklist`).catch(() => null);
    if (res?.ok) setChecklist((await res.json()).checklist);
  }, [slug]);
  // The checklist is of the saved draft: fetched again after each save.
  useEffect(() => {
    void loadChecklist();
  }, [loadChecklist, draft.revision]);

  const refuse = (message: string) => {
    setRefusal(message);
    requestAnimationFrame(() => {
      if (checklistPanel.current) checklistPanel.current.open = true;
      checklistPanel.current?.focus();
    });
  };

  /** What to send besides the revision: staff's override when ticked (also used to schedule). */
  const override = () => (anyway ? { publishAnyway: true, reason } : {});

  async function publish() {
    setPublished(null);
    setPublishErrors(null);
    setRefusal(null);
    if (anyway && !reason.trim()) return refuse(REASON_NEEDED);
    setBusy(true);
    try {
      let rev: number | null = draft.revision;
      if (draft.dirty) rev = await draft.save();
      if (rev === null) return;
      const res = await fetch(`/api/admin/tenants/${slug}/publish`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ revision: rev, ...override() }),
      });
      const body = await res.json();
      if (res.ok) {
        setPublished(`Published version ${body.version} at ${time(new Date(body.at))}. The site shows it now.`);
        draft.setStatus({ kind: "saved", text: "All changes saved and published." });
        setAnyway(false);
        setReason("");
        void loadChecklist();
      } else if (res.status === 422 && body.checklist) {
        setChecklist(body.checklist);
        refuse(body.message);
      } else if (res.status === 422) {
        setPublishErrors(body.errors ?? []);
        requestAnimationFrame(() => publishPanel.current?.focus());
      } else if (res.status === 400) {
        refuse(body.message);
      } else if (res.status === 409) {
        await draft.save(); // shows the conflict
      } else {
        await draft.failed(new Response(JSON.stringify(body), { status: res.status }));
      }
    } finally {
      setBusy(false);
    }
  }

  return { busy, published, publishErrors, publishPanel, publish, checklist, checklistPanel, anyway, setAnyway, reason, setReason, refusal, override };
}
