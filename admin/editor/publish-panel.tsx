import type { CheckItem } from "../../domain/publish-checklist";
import { problemWords } from "../../domain/field-place";
import { revealField } from "./reveal";
import { formatInZone, utcToZoned, zonePlace } from "../../domain/zoned-time";
import styles from "../admin.module.css";
import errorStyles from "../error-list.module.css";
import type { usePublish } from "./use-publish";
import type { useSchedule } from "./use-schedule";

const MARK = { pass: "✓", fail: "✗", warn: "!" } as const;
const SAID = { pass: "Passed:", fail: "Fails:", warn: "Warning:" } as const;
/** More problems than this under one check are counted, not listed. */
const SHOWN = 30;

/** The checklist's one line; `problems`: the form's own problems, which the checklist (of the saved draft) may not have seen yet. */
function headline(items: CheckItem[], problems: number): string {
  const fail = items.filter((i) => i.status === "fail").length;
  const warn = items.filter((i) => i.status === "warn").length;
  const unseen = problems && items.find((i) => i.id === "valid")?.status !== "fail" ? problems : 0;
  if (!fail && !warn && !unseen) return "all checks pass";
  const parts = [
    unseen ? `${unseen} ${unseen === 1 ? "problem" : "problems"} to fix in the form` : "",
    fail ? `${fail} ${fail === 1 ? "check fails" : "checks fail"}` : "",
    warn ? `${warn} ${warn === 1 ? "warning" : "warnings"}` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

/**
 * The pre-publish checklist: a tick, cross or warning per check in plain words, each problem with
 * where it is (a button that opens its section, page, block and list items and focuses its field). With a failing check, staff get "Publish anyway"
 * and a reason; a dealer is told only staff can. Never "all checks pass" while the form has
 * `problems` (its errors as typed).
 */
export function PublishChecklist({ publishing, role, onGo, problems = 0 }: { publishing: ReturnType<typeof usePublish>; role: "staff" | "dealer"; onGo: (pointer: string) => void; problems?: number }) {
  const items = publishing.checklist;
  if (!items) {
    return (
      <details className={styles.publishBox} data-checklist="loading">
        <summary>
          <strong>Before you publish:</strong> checking the saved draft…
        </summary>
      </details>
    );
  }
  const failing = items.some((i) => i.status === "fail");
  return (
    <details className={styles.publishBox} open={failing || !!publishing.refusal || undefined} ref={publishing.checklistPanel} tabIndex={-1} data-checklist={failing || problems ? "fail" : "pass"}>
      <summary>
        <strong>Before you publish:</strong> {headline(items, problems)}
      </summary>
      {publishing.refusal ? (
        <p className={styles.alert} role="alert">
          {publishing.refusal}
        </p>
      ) : null}
      <ul className={styles.checks}>
        {items.map((item) => (
          <li key={item.id} data-check={item.id} data-result={item.status}>
            <span className={styles.checkMark} aria-hidden="true">
              {MARK[item.status]}
            </span>
            <span className="fc-visually-hidden">{SAID[item.status]} </span>
            {item.summary}
            {item.problems.length ? (
              <ul className={errorStyles.errorList}>
                {item.problems.slice(0, SHOWN).map((p, i) => (
                  <li key={i}>
                    <button
                      type="button"
                      onClick={() => {
                        revealField(p.pointer);
                        onGo(p.pointer);
                      }}
                    >
                      {problemWords(p.where, p.message).place}
                    </button>
                    {problemWords(p.where, p.message).rest}
                  </li>
                ))}
                {item.problems.length > SHOWN ? <li>and {item.problems.length - SHOWN} more.</li> : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {failing && role === "staff" ? (
        <div className={styles.override}>
          <label>
            <input type="checkbox" checked={publishing.anyway} onChange={(e) => publishing.setAnyway(e.target.checked)} /> Publish anyway (staff only; the reason is kept in
            the history)
          </label>
          {publishing.anyway ? (
            <>
              <label htmlFor="publish-reason">Why publish although checks fail?</label>
              <textarea id="publish-reason" className={styles.input} rows={2} maxLength={500} required value={publishing.reason} onChange={(e) => publishing.setReason(e.target.value)} />
            </>
          ) : null}
        </div>
      ) : null}
      {failing && role === "dealer" ? <p className={styles.hint}>Fix the failing checks to publish. Only Forecourt staff can publish a site that fails them.</p> : null}
    </details>
  );
}

/**
 * Publish later: the saved draft at a date and time in the site's time zone; the pending schedule
 * (cancel it) and how the last one went.
 */
export function SchedulePublish({ scheduling, revision }: { scheduling: ReturnType<typeof useSchedule>; revision: number }) {
  const { pending, last, timeZone, message } = scheduling;
  // Its place is kept while it loads, so nothing below it moves.
  if (!timeZone) {
    return (
      <details className={styles.publishBox} data-schedule="loading">
        <summary>
          <strong>Publish later:</strong> …
        </summary>
      </details>
    );
  }
  const place = zonePlace(timeZone);
  return (
    <details className={styles.publishBox} open={!!pending || !!message || last?.status === "refused" || undefined} data-schedule={pending ? "pending" : "none"}>
      <summary>
        <strong>Publish later:</strong> {pending ? `scheduled for ${formatInZone(pending.at, timeZone)}` : "nothing scheduled"}
      </summary>
      {pending ? (
        <p>
          Revision {pending.revision} of the draft will be published on {formatInZone(pending.at, timeZone)} (scheduled by {pending.by}
          {pending.override ? `, published anyway: “${pending.override}”` : ""}).{" "}
          {pending.revision !== revision ? <strong>The draft has changed since: it will not be published unless you schedule it again. </strong> : null}
          <button type="button" className={`${styles.buttonSecondary} ${styles.small}`} onClick={() => void scheduling.cancel()} disabled={scheduling.busy}>
            Cancel the scheduled publish
          </button>
        </p>
      ) : null}
      {last && !pending && last.status !== "cancelled" ? (
        <p className={last.status === "refused" ? styles.alert : styles.success}>
          The publish scheduled for {formatInZone(last.at, timeZone)}: {last.outcome}
        </p>
      ) : null}
      <div className={styles.actions} style={{ alignItems: "end" }}>
        <span className={styles.field} style={{ margin: 0 }}>
          <label htmlFor="schedule-at">Date and time ({place} time, the site&apos;s time zone)</label>
          <input
            id="schedule-at"
            type="datetime-local"
            className={styles.input}
            min={utcToZoned(new Date(), timeZone)}
            value={scheduling.at}
            onChange={(e) => scheduling.setAt(e.target.value)}
          />
        </span>
        <button type="button" className={styles.buttonSecondary} onClick={() => void scheduling.schedule()} disabled={scheduling.busy}>
          {pending ? "Schedule instead" : "Schedule publish"}
        </button>
      </div>
      {message ? (
        <p className={message.kind === "error" ? styles.alert : styles.success} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
    </details>
  );
}
