"use client";

import type { ErrorSchema, FieldProps } from "@rjsf/utils";
import { errorMessages } from "./sections";
import { copyMondayToWeekdays, hoursRows, hoursValue, STATUS_LABELS, type DayRow } from "./hours";
import styles from "../admin.module.css";

const STATUSES = Object.keys(STATUS_LABELS) as DayRow["status"][];

/**
 * RJSF field for a location's opening hours: the week as a table, Monday to Sunday, each day
 * not listed, open (with times), closed or by appointment; Monday's hours can be copied to the
 * other weekdays. Replaces a list of objects with a weekday number in each.
 */
export function OpeningHoursField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, disabled, readonly } = props;
  const rows = hoursRows(formData);
  const locked = disabled || readonly;
  const id = fieldPathId.$id;
  const update = (next: DayRow[]) => onChange(hoursValue(next), fieldPathId.path);
  const set = (weekday: number, change: Partial<DayRow>) => update(rows.map((r) => (r.weekday === weekday ? { ...r, ...change } : r)));
  const listErrors = (errorSchema as ErrorSchema & { __errors?: string[] })?.__errors ?? [];

  return (
    <fieldset className={styles.hours} id={id}>
      <legend>Opening hours</legend>
      <div className={styles.hoursScroll}>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Hours</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const errs = r.index >= 0 ? errorMessages((errorSchema as Record<number, unknown> | undefined)?.[r.index]) : [];
              const timed = r.status === "open" || r.status === "by-appointment";
              const rowId = `${id}-${r.name.toLowerCase()}`;
              const invalid = errs.length ? true : undefined;
              return (
                <tr key={r.weekday} data-weekday={r.weekday}>
                  <th scope="row" id={`${rowId}-day`}>
                    {r.name}
                  </th>
                  <td>
                    <span className={styles.hoursTimes}>
                      <select
                        className={styles.input} value={r.status} disabled={locked} aria-labelledby={`${rowId}-day`}
                        aria-describedby={errs.length ? `${rowId}-error` : undefined} aria-invalid={invalid}
                        onChange={(e) => set(r.weekday, { status: e.target.value as DayRow["status"] })}
                      >
                        {STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {STATUS_LABELS[s]}
                          </option>
                        ))}
                      </select>
                      <span className={styles.hoursRange}>
                        <input
                          type="time" className={styles.input} value={timed ? r.open : ""} disabled={locked || !timed} aria-label={`${r.name} opens`}
                          required={r.status === "open"} aria-invalid={invalid} onChange={(e) => set(r.weekday, { open: e.target.value })}
                        />
                        <span aria-hidden="true">to</span>
                        <input
                          type="time" className={styles.input} value={timed ? r.close : ""} disabled={locked || !timed} aria-label={`${r.name} closes`}
                          required={r.status === "open"} aria-invalid={invalid} onChange={(e) => set(r.weekday, { close: e.target.value })}
                        />
                      </span>
                    </span>
                    {errs.length ? (
                      <span className={styles.fieldError} id={`${rowId}-error`}>
                        {errs.join("; ")}
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {listErrors.length ? <p className={styles.fieldError}>{listErrors.join("; ")}</p> : null}
      <button type="button" className={styles.buttonSecondary} disabled={locked} onClick={() => update(copyMondayToWeekdays(rows))}>
        Use Monday&apos;s hours for Tuesday to Friday
      </button>
    </fieldset>
  );
}
