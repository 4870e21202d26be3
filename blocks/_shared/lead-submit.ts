/**
 * The browser's side of sending a lead (leads §4 form lifecycle, §7 lead submission): the
 * Idempotency-Key (new for each new submission, the same when the same submission is retried), the
 * POST to /api/leads with one automatic retry when the network or a gateway fails, and what is kept
 * in the browser (the tracking state, the last success).
 */
import { ATTRIBUTION_KEY, parseAttribution, type LeadAttribution } from "../../domain/lead-attribution";
import type { Lead } from "../../schemas/generated/lead";
import { fetchWithChallenge } from "./challenge";

export const LEADS_ENDPOINT = "/api/leads";
export const SUCCESS_PATH = "/success";
export const SUCCESS_KEY = "forecourt:lead-success";

/** The key of the last submission and what it sent: the same lead again reuses the key. */
export interface KeyMemo {
  payload: string;
  key: string;
}

function randomKey(): string {
  // getRandomValues works on plain-http custom domains too, where randomUUID is not offered.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `lead-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The key for sending `payload`: the memo's when it is the same submission, else a new one. */
export function keyFor(memo: KeyMemo | null, payload: string): KeyMemo {
  return memo && memo.payload === payload ? memo : { payload, key: randomKey() };
}

export type SubmitResult =
  /** leadToken: a service booking's first step's token, which its later steps send (domain/service-booking.ts). */
  | { ok: true; leadId: string; leadToken?: string }
  /** status 0: the server could not be reached. */
  | { ok: false; status: number; message?: string; errors?: { pointer: string; message: string }[] };

const RETRY_STATUSES = new Set([502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Posts a lead; retries once (same key) when the request did not get through. When the site asks for
 * its proof-of-work check (its cap was reached), `onChallenge` is called and the check is solved and
 * the lead sent again (challenge.ts).
 */
export async function sendLead(
  lead: Lead,
  key: string,
  opts: { fetch?: typeof fetch; retryDelayMs?: number; headers?: Record<string, string>; onChallenge?: () => void } = {},
): Promise<SubmitResult> {
  const body = JSON.stringify(lead);
  let last: SubmitResult = { ok: false, status: 0 };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt) await sleep(opts.retryDelayMs ?? 1000);
    let res: Response;
    try {
      res = await fetchWithChallenge(
        LEADS_ENDPOINT,
        { method: "POST", credentials: "same-origin", headers: { ...opts.headers, "content-type": "application/json", "idempotency-key": key }, body },
        { fetch: opts.fetch, onChallenge: opts.onChallenge },
      );
    } catch {
      last = { ok: false, status: 0 };
      continue;
    }
    const answer = (await res.json().catch(() => ({}))) as { lead_id?: unknown; lead_token?: unknown; error?: unknown; errors?: unknown };
    if (res.ok && typeof answer.lead_id === "string") return { ok: true, leadId: answer.lead_id, ...(typeof answer.lead_token === "string" ? { leadToken: answer.lead_token } : {}) };
    last = {
      ok: false,
      status: res.status,
      ...(typeof answer.error === "string" ? { message: answer.error } : {}),
      ...(Array.isArray(answer.errors) ? { errors: answer.errors as { pointer: string; message: string }[] } : {}),
    };
    if (!RETRY_STATUSES.has(res.status)) break;
  }
  return last;
}

/** The visitor's tracking for this session (domain/lead-attribution.ts), or nothing when storage is off. */
export function readAttribution(): LeadAttribution | undefined {
  try {
    return parseAttribution(window.sessionStorage.getItem(ATTRIBUTION_KEY));
  } catch {
    return undefined;
  }
}

/** Success is kept in the browser (leads §4), for the success page. */
export function storeSuccess(entry: { leadId: string; form: string; category: string }): void {
  try {
    window.localStorage.setItem(SUCCESS_KEY, JSON.stringify({ ...entry, at: new Date().toISOString() }));
  } catch {
    // Storage off (private mode): the redirect still happens.
  }
}

/** Where the browser goes; tests replace it. */
export const browserNav = {
  assign(url: string) {
    window.location.assign(url);
  },
};
