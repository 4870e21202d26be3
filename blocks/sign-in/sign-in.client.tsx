"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "next/navigation";
import { maskMobile, normaliseMobile, type MobileCountry } from "../../domain/mobile";
import { SIGN_IN_HEADINGS, signInType } from "../../domain/gated-routes";
import { safeLocalPath } from "../../domain/safe-path";
import styles from "./sign-in.module.css";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { fetchWithChallenge } from "../_shared/challenge";

export interface SignInFormProps {
  id: string;
  heading: string;
  intro: string | null;
  example: string;
  country: MobileCountry;
  enabled: boolean;
  /** The demo number, where this site's codes are shown on screen for it (no texts are sent); null elsewhere. */
  demoNumber?: string | null;
  /** For tests and the server fallback: the query instead of the URL's (null: none). */
  query?: URLSearchParams | null;
}

export const WATCHLIST_HEADING = SIGN_IN_HEADINGS.watchlist;

/** After signing in: `redirect` when it is a same-site path other than the sign-in page itself, else /. */
export function afterSignIn(redirect: string | null): string {
  const to = safeLocalPath(redirect);
  return /^\/sign-in(?:[/?#]|$)/i.test(to) ? "/" : to;
}

/** Posts JSON; a site past its cap asks for its proof-of-work check first (`onChallenge`), solved in the browser. */
async function post(path: string, body: unknown, onChallenge?: () => void): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  try {
    const res = await fetchWithChallenge(path, { method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, { onChallenge });
    return { ok: res.ok, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  } catch {
    return { ok: false, body: { message: "We could not reach the server. Check your connection and try again." } };
  }
}

function useQuery(query: URLSearchParams | null | undefined): URLSearchParams {
  const params = useSearchParams();
  return query === undefined ? new URLSearchParams(params?.toString() ?? "") : (query ?? new URLSearchParams());
}

/** The demo number's code, as the sign-in page shows it. */
export const demoCodeText = (code: string) => `Demo number: your code is ${code}.`;

export function SignInForm({ id, heading, intro, example, country, enabled, demoNumber, query }: SignInFormProps) {
  const q = useQuery(query);
  const type = signInType(q.get("type"));
  const redirect = afterSignIn(q.get("redirect"));
  const back = q.get("back") ? safeLocalPath(q.get("back")) : null;
  const [step, setStep] = useState<"phone" | "code">("phone");
  const [phone, setPhone] = useState("");
  const [e164, setE164] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The site asked for its proof-of-work check and the browser is solving it. */
  const [checking, setChecking] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(phoneInput, (field) => setPhone(field.value));
  const uid = useId();
  const fieldId = `${id}-${step}`;
  const errorId = `${uid}-error`;
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    (step === "code" ? codeInput : phoneInput).current?.focus();
  }, [step]);

  async function sendCode(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const normalised = normaliseMobile(phone, country);
    if (!normalised) {
      setError(`Enter a mobile number, e.g. ${example}`);
      return;
    }
    setBusy(true);
    setError(null);
    const res = await post("/api/auth/request-code", { phone: normalised }, () => setChecking(true));
    setBusy(false);
    setChecking(false);
    if (!res.ok) {
      setError(String(res.body.message ?? "The code could not be sent. Please try again."));
      return;
    }
    setE164(normalised);
    setCode("");
    const demoCode = typeof res.body.demoCode === "string" ? res.body.demoCode : null;
    setNotice(demoCode ? demoCodeText(demoCode) : step === "code" ? "We sent a new code." : null);
    moved.current = true;
    setStep("code");
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const digits = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setError("Enter the 6-digit code from the text message.");
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    const res = await post("/api/auth/verify-code", { phone: e164, code: digits });
    if (res.ok) {
      window.location.assign(redirect);
      return;
    }
    setBusy(false);
    setError(String(res.body.message ?? "That code could not be checked. Please try again."));
  }

  // What they are signing in for (the gated page's type), else the page's own heading.
  const title = type ? SIGN_IN_HEADINGS[type] : heading;
  const errorNode = error ? (
    <p id={errorId} className={styles.error} role="alert">
      {error}
    </p>
  ) : null;

  const checkingNode = checking ? (
    <p className={styles.notice} role="status">
      Checking your browser…
    </p>
  ) : null;

  return (
    <div className={styles.form} data-step={step}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {title}
      </h2>
      {!enabled ? (
        <p>Signing in is not available on this site.</p>
      ) : step === "phone" ? (
        <form onSubmit={sendCode} noValidate>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          {demoNumber ? (
            <p className={styles.intro}>
              Trying the demo? Sign in with {demoNumber}: this site sends no text messages, so its code is shown here.
            </p>
          ) : null}
          <label className={styles.label} htmlFor={fieldId}>
            Mobile number
          </label>
          <input
            ref={phoneInput}
            id={fieldId}
            className={`fc-input ${styles.input}`}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={example}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            required
          />
          {errorNode}
          {checkingNode}
          <button type="submit" className={`fc-button ${styles.submit}`} aria-busy={busy || undefined}>
            {checking ? "Checking your browser…" : busy ? "Sending…" : "Send code"}
          </button>
        </form>
      ) : (
        <form onSubmit={verify} noValidate>
          <label className={styles.label} htmlFor={fieldId}>
            Enter the 6-digit code we sent to {maskMobile(e164)}
          </label>
          <input
            ref={codeInput}
            id={fieldId}
            className={`fc-input ${styles.input} ${styles.code}`}
            name="code"
            type="text"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            required
          />
          {errorNode}
          {checkingNode}
          {notice ? (
            <p className={styles.notice} role="status">
              {notice}
            </p>
          ) : null}
          <button type="submit" className={`fc-button ${styles.submit}`} aria-busy={busy || undefined}>
            {busy ? "Checking…" : "Verify"}
          </button>
          <p className={styles.again}>
            <button type="button" className="fc-link-button" onClick={() => void sendCode()}>
              Send a new code
            </button>{" "}
            <button
              type="button"
              className="fc-link-button"
              onClick={() => {
                setError(null);
                setNotice(null);
                setStep("phone");
              }}
            >
              Use another number
            </button>
          </p>
        </form>
      )}
      {back ? (
        <p className={styles.back}>
          <a href={back}>Back</a>
        </p>
      ) : null}
    </div>
  );
}
