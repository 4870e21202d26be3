import { FIX_ERRORS, FORM_ERROR, privacyConsent, STEP_INCOMPLETE } from "../../../domain/lead-forms";
import type { Listed } from "./use-lead-form";
import { focusWhenShown } from "../focus-when-shown";
import styles from "./lead-form.module.css";

/** What stops the form (leads §5, §8): a refused step, the form's alert, and the list of errors (each field's links to it). */
export function Problems({
  id,
  stepIncomplete,
  formError,
  listed,
  attempt = 0,
}: {
  id: string;
  stepIncomplete: boolean;
  formError: string | undefined;
  listed: Listed[];
  /** Counts the failed submits: a new failure shows (and focuses) the message afresh, also when its text is the same. */
  attempt?: number;
}) {
  // Only errors that no field shows (a field's own error focuses that field).
  const noField = listed.length > 0 && listed.every((e) => !e.href);
  return (
    <>
      {stepIncomplete ? (
        <p className={styles.stepAlert} role="alert" data-testid="step-incomplete">
          {STEP_INCOMPLETE}
        </p>
      ) : null}
      {formError ? (
        // The destructive alert (leads §5, §8): always the alert's text, then the server's message or the fallback.
        <div key={attempt} className={styles.alert} role="alert" data-testid="form-error" tabIndex={-1} ref={focusWhenShown}>
          <p className={styles.alertTitle}>{FORM_ERROR}</p>
          {formError !== FORM_ERROR ? <p className={styles.alertDetail}>{formError}</p> : null}
        </div>
      ) : null}
      {listed.length ? (
        <div key={attempt} className={styles.summary} id={`${id}-errors`} role={noField ? "alert" : undefined} tabIndex={noField ? -1 : undefined} ref={noField ? focusWhenShown : undefined}>
          <p className={styles.summaryTitle}>{FIX_ERRORS}</p>
          <ul>
            {listed.map((e) => (
              <li key={e.key}>{e.href ? <a href={e.href}>{e.message}</a> : e.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The notice, the privacy consent (leads §2; linked to the policy on sites that show it) and the disclaimer above the submit button. */
export function FinePrint({ notice, consent, disclaimer }: { notice?: string | null; consent?: { group: string; privacyHref: string | null } | null; disclaimer?: string | null }) {
  return (
    <>
      {notice ? <p className={styles.small}>{notice}</p> : null}
      {consent ? (
        <p className={styles.small}>
          {consent.privacyHref ? (
            <>
              By submitting this enquiry, I agree to the <a href={consent.privacyHref}>{consent.group} Privacy Policy</a>.
            </>
          ) : (
            privacyConsent(consent.group)
          )}
        </p>
      ) : null}
      {disclaimer ? <p className={styles.small}>{disclaimer}</p> : null}
    </>
  );
}
