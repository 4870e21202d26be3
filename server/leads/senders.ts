/**
 * How the lead outbox (server/leads/outbox-worker.ts) sends: e-mail through SMTP_URL (nodemailer),
 * ADF XML POSTed to a CRM through the fetch guard.
 */
import { safeFetch, type SafeFetchOptions } from "../http/safe-fetch";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (a saved search's alert: the cars' pictures). */
  html?: string;
  /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/** What a sender may be given: the worker's deadline for this delivery. */
export interface SendOptions {
  signal?: AbortSignal;
}

export interface Senders {
  /** Sends an e-mail; null when no SMTP is configured (the e-mail is then kept in the outbox). */
  email: ((msg: EmailMessage, opts?: SendOptions) => Promise<void>) | null;
  /** POSTs ADF XML to a CRM URL; throws when the CRM does not take it. */
  adf: (url: string, xml: string, opts?: SendOptions) => Promise<void>;
  /** Sends a lead's "ga4" / "meta" event row (server/leads/lead-events.ts); the worker's database's sender when not given. */
  leadEvent?: (row: { leadId: string | null; channel: string; target: string | null; body: string }, opts?: SendOptions) => Promise<void>;
}

export const ADF_TIMEOUT_MS = 10_000;

/**
 * The ADF sender: POST application/xml through the fetch guard (public addresses only, checked after
 * DNS and on every redirect; https only in production), 2xx is delivered, anything else (or no
 * answer in 10 s) fails. `allowPrivate` is for tests that run a CRM on 127.0.0.1.
 */
export async function postAdf(url: string, xml: string, opts: SendOptions & { allowPrivate?: SafeFetchOptions["allowPrivate"]; timeoutMs?: number } = {}): Promise<void> {
  const res = await safeFetch(url, {
    method: "POST",
    headers: { "content-type": "application/xml; charset=utf-8" },
    body: xml,
    timeoutMs: opts.timeoutMs ?? ADF_TIMEOUT_MS,
    signal: opts.signal,
    allowPrivate: opts.allowPrivate,
  });
  if (res.status < 200 || res.status > 299) throw new Error(`the CRM answered HTTP ${res.status}`);
}

/** The e-mail sender for SMTP_URL (nodemailer), or null without it. */
export async function smtpSender(url = process.env.SMTP_URL?.trim()): Promise<Senders["email"]> {
  if (!url) return null;
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport(url);
  const from = process.env.SMTP_FROM?.trim() || "Forecourt leads <leads@forecourt.invalid>";
  return async (msg) => {
    await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, ...(msg.html ? { html: msg.html } : {}), ...(msg.headers ? { headers: msg.headers } : {}) });
  };
}

export async function defaultSenders(): Promise<Senders> {
  return { email: await smtpSender(), adf: postAdf };
}
