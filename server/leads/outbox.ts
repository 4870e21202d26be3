import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbHandle } from "../db";
import { getDb } from "../db";
import { leadDeliveries } from "../db/schema";

/**
 * The lead outbox worker. Rows of lead_deliveries are written with their lead (server/leads/store.ts);
 * this worker claims the due ones, sends them and records the outcome:
 *   - sent: the SMTP server accepted the e-mail / the CRM answered 2xx to the ADF POST;
 *   - kept: an e-mail with no SMTP_URL (or no lead address) stays in the outbox, readable with
 *     `npm run leads:outbox`;
 *   - a failure counts an attempt and retries after 30 s × 2^(attempts-1) (at most an hour); the
 *     8th failure makes the row dead (`npm run leads:replay` puts dead rows back to pending).
 * A claim pushes next_attempt_at one lease (2 minutes) ahead, with FOR UPDATE SKIP LOCKED, so two
 * workers (processes sharing PostgreSQL) never send one row at once, and a worker that dies mid-send
 * leaves the row due again when the lease ends. Delivery is at least once.
 */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Senders {
  /** Sends an e-mail; null when no SMTP is configured (the e-mail is then kept in the outbox). */
  email: ((msg: EmailMessage) => Promise<void>) | null;
  /** POSTs ADF XML to a CRM URL; throws when the CRM does not take it. */
  adf: (url: string, xml: string) => Promise<void>;
}

export interface OutboxOptions {
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  leaseMs?: number;
  /** How many rows one claim takes (and sends at once). */
  batchSize?: number;
  /** How often due retries are looked for while nothing kicks the worker. */
  pollMs?: number;
  senders?: Senders;
  log?: (message: string) => void;
}

export const OUTBOX_DEFAULTS = { maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 3_600_000, leaseMs: 120_000, batchSize: 20, pollMs: 5_000 };

/** Wait before the next attempt after `attempts` failures. */
export function backoffMs(attempts: number, base = OUTBOX_DEFAULTS.baseDelayMs, max = OUTBOX_DEFAULTS.maxDelayMs): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

export const ADF_TIMEOUT_MS = 10_000;

/** The ADF sender: POST application/xml, 2xx is delivered, anything else (or no answer in 10 s) fails. */
export async function postAdf(url: string, xml: string): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/xml; charset=utf-8" },
    body: xml,
    signal: AbortSignal.timeout(ADF_TIMEOUT_MS),
    redirect: "error",
  });
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`the CRM answered HTTP ${res.status}`);
}

/** The e-mail sender for SMTP_URL (nodemailer), or null without it. */
export async function smtpSender(url = process.env.SMTP_URL?.trim()): Promise<Senders["email"]> {
  if (!url) return null;
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport(url);
  const from = process.env.SMTP_FROM?.trim() || "Forecourt leads <leads@forecourt.invalid>";
  return async (msg) => {
    await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text });
  };
}

export async function defaultSenders(): Promise<Senders> {
  return { email: await smtpSender(), adf: postAdf };
}

type Row = typeof leadDeliveries.$inferSelect;

export interface RunResult {
  sent: number;
  kept: number;
  failed: number;
  dead: number;
}

export class OutboxWorker {
  private readonly o: Required<Omit<OutboxOptions, "senders" | "log">>;
  private senders: Senders | undefined;
  private readonly log: (message: string) => void;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RunResult> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    opts: OutboxOptions = {},
  ) {
    this.o = {
      maxAttempts: opts.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts,
      baseDelayMs: opts.baseDelayMs ?? OUTBOX_DEFAULTS.baseDelayMs,
      maxDelayMs: opts.maxDelayMs ?? OUTBOX_DEFAULTS.maxDelayMs,
      leaseMs: opts.leaseMs ?? OUTBOX_DEFAULTS.leaseMs,
      batchSize: opts.batchSize ?? OUTBOX_DEFAULTS.batchSize,
      pollMs: opts.pollMs ?? OUTBOX_DEFAULTS.pollMs,
    };
    this.senders = opts.senders;
    this.log = opts.log ?? ((m) => console.warn(`[leads] ${m}`));
  }

  /** Starts polling and delivers what is already due (rows left pending by an earlier process). */
  start(): this {
    if (!this.stopped) return this;
    this.stopped = false;
    this.kick();
    return this;
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Asks for a delivery round now (a lead was just stored). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.runOnce()
      .catch((e) => {
        this.log(`delivery round failed: ${(e as Error).message}`);
        return { sent: 0, kept: 0, failed: 0, dead: 0 };
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.o.pollMs);
          this.timer.unref?.();
        }
      });
  }

  /** Claims and delivers due rows until none is due. */
  async runOnce(): Promise<RunResult> {
    this.senders ??= await defaultSenders();
    const total: RunResult = { sent: 0, kept: 0, failed: 0, dead: 0 };
    for (;;) {
      const rows = await this.claim();
      if (!rows.length) return total;
      const results = await Promise.all(rows.map((r) => this.deliver(r)));
      for (const r of results) total[r]++;
    }
  }

  private async claim(): Promise<Row[]> {
    const lease = sql`now() + ${this.o.leaseMs} * interval '1 millisecond'`;
    const result = await this.db.execute(sql`
      update ${leadDeliveries} set next_attempt_at = ${lease}
      where id in (
        select id from ${leadDeliveries}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${this.o.batchSize}
        for update skip locked
      )
      returning id`);
    const ids = ((result as unknown as { rows?: { id: number }[] }).rows ?? (result as unknown as { id: number }[])).map((r) => Number(r.id));
    if (!ids.length) return [];
    return this.db.select().from(leadDeliveries).where(inArray(leadDeliveries.id, ids));
  }

  private async deliver(row: Row): Promise<keyof RunResult> {
    const senders = this.senders!;
    try {
      if (row.channel === "email") {
        if (!senders.email || !row.target) {
          await this.db.update(leadDeliveries).set({ status: "kept", lastError: senders.email ? "the dealership has no lead e-mail address" : null }).where(this.mine(row));
          return "kept";
        }
        await senders.email({ to: row.target, subject: row.subject ?? "Lead", text: row.body });
      } else {
        if (!row.target) throw new Error("no CRM URL");
        await senders.adf(row.target, row.body);
      }
      await this.db.update(leadDeliveries).set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null }).where(this.mine(row));
      return "sent";
    } catch (e) {
      const attempts = row.attempts + 1;
      const message = String((e as Error)?.message ?? e).slice(0, 1000);
      if (attempts >= this.o.maxAttempts) {
        await this.db.update(leadDeliveries).set({ status: "dead", attempts, lastError: message }).where(this.mine(row));
        this.log(`${row.channel} delivery ${row.id} of lead ${row.leadId} is dead after ${attempts} attempts: ${message}`);
        return "dead";
      }
      const wait = backoffMs(attempts, this.o.baseDelayMs, this.o.maxDelayMs);
      await this.db
        .update(leadDeliveries)
        .set({ attempts, lastError: message, nextAttemptAt: sql`now() + ${wait} * interval '1 millisecond'` })
        .where(this.mine(row));
      return "failed";
    }
  }

  // Only the row as claimed: a replay or another worker that took it after the lease is not overwritten.
  private mine(row: Row) {
    return and(eq(leadDeliveries.id, row.id), eq(leadDeliveries.status, "pending"), eq(leadDeliveries.attempts, row.attempts));
  }
}

const GLOBAL_KEY = Symbol.for("forecourt.leads.outbox");
type Global = typeof globalThis & { [GLOBAL_KEY]?: Promise<OutboxWorker> };

/** The process's one outbox worker, started on first use (instrumentation.ts starts it with the server). */
export function startLeadsOutbox(handle?: Promise<DbHandle>): Promise<OutboxWorker> {
  const g = globalThis as Global;
  g[GLOBAL_KEY] ??= (handle ?? getDb())
    .then((h) => new OutboxWorker(h.db).start())
    .catch((e) => {
      delete g[GLOBAL_KEY];
      throw e;
    });
  return g[GLOBAL_KEY]!;
}

/** Asks the process's worker for a delivery round (after a lead was stored); never throws. */
export function kickLeadsOutbox(): void {
  startLeadsOutbox().then(
    (w) => w.kick(),
    (e) => console.warn(`[leads] the outbox worker could not start: ${(e as Error).message}`),
  );
}
