import { useCallback, useEffect, useState } from "react";
import { formatInZone } from "../../domain/zoned-time";
import type { DraftState } from "./use-draft";

export interface ScheduleView {
  id: number;
  revision: number;
  at: string;
  by: string;
  status: "pending" | "published" | "refused" | "cancelled";
  outcome: string | null;
  version: number | null;
  override: string | null;
}

export type ScheduleMessage = { kind: "error" | "ok"; text: string };

/**
 * Scheduled publishing of the draft: the site's pending schedule and the last one done, scheduling
 * the saved draft at a time in the site's time zone (unsaved edits are saved first), cancelling.
 * `override` adds staff's "Publish anyway" and its reason; `used` is told once a schedule took it
 * (the override belongs to that schedule, not to later ones).
 */
export function useSchedule(slug: string, draft: Pick<DraftState, "dirty" | "revision" | "save">, override: () => Record<string, unknown>, used: () => void = () => {}) {
  const [pending, setPending] = useState<ScheduleView | null>(null);
  const [last, setLast] = useState<ScheduleView | null>(null);
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [at, setAt] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ScheduleMessage | null>(null);

  const load = useCallback(async () => {
    const res = await fetch(`/api/admin/tenants/${slug}/schedule`).catch(() => null);
    if (!res?.ok) return;
    const body = await res.json();
    setPending(body.pending);
    setLast(body.last);
    setTimeZone(body.timeZone);
  }, [slug]);
  useEffect(() => {
    void load();
  }, [load]);

  async function post(path: string, body: unknown) {
    const res = await fetch(`/api/admin/tenants/${slug}/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { res, body: await res.json().catch(() => ({})) };
  }

  async function schedule() {
    setMessage(null);
    if (!at) return setMessage({ kind: "error", text: "Choose the date and the time to publish at." });
    setBusy(true);
    try {
      let rev: number | null = draft.revision;
      if (draft.dirty) rev = await draft.save();
      if (rev === null) return setMessage({ kind: "error", text: "Not scheduled: the draft could not be saved (see above)." });
      const { res, body } = await post("schedule", { revision: rev, at, ...override() });
      if (res.ok) {
        used();
        setPending(body);
        setAt("");
        setMessage({ kind: "ok", text: `Scheduled: revision ${body.revision} will be published on ${formatInZone(body.at, body.timeZone)}.` });
      } else {
        setMessage({ kind: "error", text: `Not scheduled. ${body.message ?? `The server answered ${res.status}.`}` });
      }
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    setMessage(null);
    setBusy(true);
    try {
      const { res, body } = await post("schedule/cancel", {});
      setMessage(res.ok ? { kind: "ok", text: "The scheduled publish is cancelled." } : { kind: "error", text: body.message ?? `The server answered ${res.status}.` });
      await load();
    } finally {
      setBusy(false);
    }
  }

  return { pending, last, timeZone, at, setAt, busy, message, schedule, cancel };
}
