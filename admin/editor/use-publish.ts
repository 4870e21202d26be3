import { useCallback, useEffect, useRef, useState } from "react";
import type { TenantError } from "../../domain/tenant-validation";
import type { CheckItem } from "../../domain/publish-checklist";
import { formatWhen } from "../format";
import { time, type DraftState } from "./use-draft";

export const REASON_NEEDED = "Say why you publish although checks fail.";

/** The live version, as the editor's header tells it; `json` is the published document when this session published it. */
export interface LiveVersion {
  number: number;
  /** When, in words ("12 May 2026, 9:05 am"). */
  when: string;
  by: string;
  json?: string;
}

type PublishDraft = Pick<DraftState, "dirty" | "revision" | "save" | "setStatus" | "failed"> & Partial<Pick<DraftState, "doc" | "errors" | "savedJson">>;

/**
 * Publish: saves unsaved edits first, then publishes that revision. The pre-publish checklist of
 * the saved draft is fetched after each save; publishing with a failing check needs staff's
 * "Publish anyway" and a reason (the server refuses dealers whatever they send). A refusal lists
 * the problems (focused).
 * The override and a refusal belong to one attempt: the override is dropped once the server has
 * answered it (or the scheduled publish took it) and as soon as the checklist passes; a refusal's
 * problems go as they are fixed.
 */
export function usePublish(slug: string, draft: PublishDraft, initialLive: LiveVersion | null = null) {
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  const [live, setLive] = useState<LiveVersion | null>(initialLive);
  /** The server's refusal, with the document it was refused for. */
  const [refusedErrors, setPublishErrors] = useState<{ errors: TenantError[]; doc: unknown } | null>(null);
  const [checklist, setChecklist] = useState<CheckItem[] | null>(null);
  const [ticked, setAnyway] = useState(false);
  const [reason, setReason] = useState("");
  /** Why the checklist (or a missing reason) stopped the last publish. */
  const [refused, setRefusal] = useState<string | null>(null);
  const publishPanel = useRef<HTMLDivElement>(null);
  const checklistPanel = useRef<HTMLDetailsElement>(null);

  const failing = !!checklist?.some((i) => i.status === "fail");
  // "Publish anyway" only means something while a check fails.
  const anyway = ticked && failing;
  useEffect(() => {
    if (checklist && !failing) {
      setAnyway(false);
      setReason("");
    }
  }, [checklist, failing]);
  // Once the draft is edited, a refusal's problems that are still there (the draft's errors follow every edit).
  const current = draft.errors;
  const publishErrors =
    refusedErrors && current && refusedErrors.doc !== draft.doc ? refusedErrors.errors.filter((e) => current.some((c) => c.pointer === e.pointer)) : refusedErrors?.errors;
  // The checklist's refusal goes once the checklist passes; a missing reason once one is given.
  const refusal = refused === REASON_NEEDED ? (anyway && !reason.trim() ? refused : null) : failing ? refused : null;

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
  /** The override was used (published or scheduled with it): the next attempt starts without it. */
  const endAttempt = useCallback(() => {
    setAnyway(false);
    setReason("");
  }, []);

  async function publish() {
    setPublished(null);
    setPublishErrors(null);
    setRefusal(null);
    if (anyway && !reason.trim()) return refuse(REASON_NEEDED);
    setBusy(true);
    try {
      // The document this attempt publishes: the saved one, or the edits saved now.
      const json = draft.dirty ? (draft.doc ? JSON.stringify(draft.doc) : undefined) : draft.savedJson;
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
        setLive({ number: body.version, when: formatWhen(body.at), by: body.by, json });
        draft.setStatus({ kind: "saved", text: "All changes saved and published." });
        endAttempt();
        void loadChecklist();
      } else if (res.status === 422 && body.checklist) {
        setChecklist(body.checklist);
        endAttempt();
        refuse(body.message);
      } else if (res.status === 422) {
        setPublishErrors({ errors: body.errors ?? [], doc: draft.doc });
        endAttempt();
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

  return {
    busy, published, live, publishErrors: publishErrors?.length ? publishErrors : null, publishPanel, publish, checklist, checklistPanel,
    anyway, setAnyway, reason, setReason, refusal, override, endAttempt,
  };
}
