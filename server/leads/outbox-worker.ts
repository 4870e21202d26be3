import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { leadDeliveries } from "../db/schema";
import { RefusedFetchError } from "../http/safe-fetch";
import { appMetrics } from "../metrics";
import { backoffMs, resolveOutboxOptions, type OutboxOptions, type ResolvedOutboxOptions } from "./outbox-options";
import { defaultSenders, type Senders, type SendOptions } from "./senders";
import { leadEventSender, PermanentDeliveryError, type LeadEventSender } from "./lead-event-sender";
import { claimDue, destinationOf } from "./outbox-claim";

export { backoffMs, OUTBOX_DEFAULTS, type OutboxOptions } from "./outbox-options";
export { destinationOf } from "./outbox-claim";

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
 * leaves the row due again when the lease ends; one stopped (SIGTERM) hands back the leases of the rows
 * still in flight after its grace, due at once for another instance. Delivery is at least once.
 * Deliveries run concurrently (20 in flight at most, 4 per destination — a CRM's host and port, or
 * the SMTP server — and 2 per CRM URL, each given 10 s): a CRM that never answers holds only its own
 * rows, while the worker keeps claiming and sending every other tenant's. Tenants whose CRMs share a
 * vendor's host (crm.vendor.com/dealerA, /dealerB) each have their own URL, so one hanging URL holds at
 * most 2 of its host's 4 places. A URL whose delivery timed out backs off as a whole: its other rows
 * are not claimed for 30 s × 2^(n-1) after n time-outs in a row (at most 5 minutes), and then go one
 * at a time until one is answered in time — so a URL that keeps timing out mostly holds no place, at
 * times one, and never takes the places its host's other URLs need.
 * CRM URLs are fetched through the fetch guard (server/http/safe-fetch.ts): a refused address is a
 * failed attempt, logged with the reason.
 * "ga4" and "meta" rows (a lead's server-side events, server/leads/lead-events.ts) are their own two
 * destinations; a 4xx from them is not retried: the row is dead at once, the reason logged.
 */

type Row = typeof leadDeliveries.$inferSelect;
export type RunResult = Record<"sent" | "kept" | "failed" | "dead", number>;

/** A CRM URL's deliveries in flight, its time-outs in a row, and until when its rows are not claimed (its back-off). */
interface UrlState {
  inFlight: number;
  timeouts: number;
  pausedUntil: number;
}

/** A delivery that was not answered by the worker's deadline. */
class DeadlineError extends Error {}

export class OutboxWorker {
  private readonly o: ResolvedOutboxOptions;
  private readonly now: () => number;
  private senders: Senders | undefined;
  private leadEvents: LeadEventSender | undefined;
  private readonly log: (message: string) => void;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RunResult> | undefined;
  private again = false;
  private stopped = true;
  private halted = false;
  /** Deliveries in flight, in all and per destination. */
  private inFlight = 0;
  private readonly perDestination = new Map<string, number>();
  private readonly urls = new Map<string, UrlState>();
  private readonly waiting = new Set<() => void>();
  /** The rows being delivered, whose leases stop() hands back if they are still in flight after its grace. */
  private readonly claimed = new Map<number, Row>();
  private wake = () => this.waiting.forEach((w) => w());

  constructor(
    private readonly db: Db,
    opts: OutboxOptions = {},
  ) {
    this.o = resolveOutboxOptions(opts);
    this.senders = opts.senders;
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? ((m) => console.warn(`[leads] ${m}`));
  }

  /** Starts polling and delivers what is already due (rows left pending by an earlier process). */
  start(): this {
    if (!this.stopped) return this;
    this.stopped = false;
    this.halted = false;
    this.kick();
    return this;
  }

  /** Stops polling and claiming, and waits for the deliveries in flight: at most `graceMs`, then their rows are due again at once. */
  async stop(graceMs = Infinity): Promise<void> {
    this.stopped = this.halted = true;
    clearTimeout(this.timer);
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    const grace = graceMs === Infinity ? [] : [new Promise((r) => (timer = setTimeout(r, graceMs)))];
    await Promise.race([this.running?.catch(() => undefined), ...grace]).finally(() => clearTimeout(timer));
    const held = [...this.claimed.values()];
    if (held.length) await this.db.update(leadDeliveries).set({ nextAttemptAt: sql`now()` }).where(or(...held.map((r) => this.mine(r))));
  }

  /** Asks for a delivery round now (a lead was just stored); a round in progress claims again at once. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      this.wake();
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

  /**
   * Claims and delivers due rows until none is due and none is in flight. Each claimed row is sent on
   * its own: a slow destination holds only its own rows (at most `perDestination` at once, and
   * `perUrl` of one CRM URL — 1 after its last delivery timed out, none while it backs off — each for at
   * most `timeoutMs`) while the worker goes on claiming and sending the others' — up to `concurrency`
   * in flight, and again whenever one finishes, a lead is stored (kick) or `pollMs` passes.
   */
  async runOnce(): Promise<RunResult> {
    this.senders ??= await defaultSenders();
    const total: RunResult = { sent: 0, kept: 0, failed: 0, dead: 0 };
    const mine = new Set<Promise<void>>();
    for (;;) {
      const free = Math.min(this.o.batchSize, this.o.concurrency - this.inFlight);
      const rows = !this.halted && free > 0 ? await this.claim(free) : [];
      for (const row of rows) {
        const destination = destinationOf(row);
        const busy = this.perDestination.get(destination) ?? 0;
        const url = row.channel === "adf" ? (row.target ?? "") : null;
        if (busy >= this.o.perDestination || (url !== null && this.urlBlocked(url))) {
          // Claimed with others of its destination (or URL) beyond the bound: due again at once, for when a place frees.
          await this.db.update(leadDeliveries).set({ nextAttemptAt: sql`now()` }).where(this.mine(row));
          continue;
        }
        this.perDestination.set(destination, busy + 1);
        const state = url === null ? null : this.urlState(url);
        if (state) state.inFlight++;
        this.inFlight++;
        this.claimed.set(row.id, row);
        const p: Promise<void> = this.deliver(row, state)
          .then((r) => void total[r]++)
          .catch((e) => this.log(`delivery ${row.id} could not be recorded: ${(e as Error).message}`))
          .finally(() => {
            this.inFlight--;
            this.claimed.delete(row.id);
            const n = (this.perDestination.get(destination) ?? 1) - 1;
            if (n > 0) this.perDestination.set(destination, n);
            else this.perDestination.delete(destination);
            if (state) {
              state.inFlight--;
              if (!state.inFlight && !state.timeouts) this.urls.delete(url!);
            }
            mine.delete(p);
            this.wake();
          });
        mine.add(p);
      }
      if (rows.length && this.inFlight < this.o.concurrency && !this.halted) continue;
      if (!mine.size) return total;
      // Wait for a place to free, a kick, or the poll interval (retries that came due), then claim again.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, this.o.pollMs);
        this.waiting.add(done);
      });
    }
  }

  private urlState(url: string): UrlState {
    let state = this.urls.get(url);
    if (!state) this.urls.set(url, (state = { inFlight: 0, timeouts: 0, pausedUntil: 0 }));
    return state;
  }

  /** A URL takes no delivery while it backs off, or while its bound (perUrl; 1 after a time-out) is in flight. */
  private urlBlocked(url: string): boolean {
    const state = this.urls.get(url);
    if (!state) return false;
    return state.pausedUntil > this.now() || state.inFlight >= (state.timeouts ? 1 : this.o.perUrl);
  }

  /** A time-out extends a URL's back-off (as a row's: 30 s × 2^(n-1), at most maxUrlBackoffMs); any answer in time ends it. */
  private urlOutcome(state: UrlState, timedOut: boolean): void {
    state.timeouts = timedOut ? state.timeouts + 1 : 0;
    state.pausedUntil = timedOut ? this.now() + Math.min(this.o.maxUrlBackoffMs, backoffMs(state.timeouts, this.o.baseDelayMs, this.o.maxDelayMs)) : 0;
  }

  /** Claims due rows, leaving those of destinations and CRM URLs already at their bound (or backing off). */
  private claim(limit: number): Promise<Row[]> {
    const full = [...this.perDestination].filter(([, n]) => n >= this.o.perDestination).map(([d]) => d);
    const blocked = [...this.urls.keys()].filter((u) => this.urlBlocked(u));
    return claimDue(this.db, { limit, leaseMs: this.o.leaseMs, full, blocked });
  }

  /** One send under the delivery deadline: the sender is told to abort, and is not waited for beyond it. */
  private async withDeadline(send: (opts: SendOptions) => Promise<void>): Promise<void> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new DeadlineError(`no answer within ${this.o.timeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, this.o.timeoutMs);
    });
    try {
      await Promise.race([send({ signal: controller.signal }), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends one row and records the outcome; `url` is its CRM URL's state (for the URL's back-off). */
  private async deliver(row: Row, url: UrlState | null): Promise<keyof RunResult> {
    const senders = this.senders!;
    try {
      if (row.channel === "email" || row.channel === "buyer" || row.channel === "alert") {
        if (!senders.email || !row.target) {
          await this.db.update(leadDeliveries).set({ status: "kept", lastError: senders.email ? "the dealership has no lead e-mail address" : null }).where(this.mine(row));
          return "kept";
        }
        const email = senders.email;
        await this.withDeadline((o) => email({ to: row.target!, subject: row.subject ?? "Lead", text: row.body, html: row.html ?? undefined, headers: row.headers ?? undefined }, o));
      } else if (row.channel === "ga4" || row.channel === "meta") {
        const send = (this.leadEvents ??= senders.leadEvent ?? leadEventSender(this.db));
        await this.withDeadline((o) => send(row, o));
      } else {
        if (!row.target) throw new Error("no CRM URL");
        try {
          await this.withDeadline((o) => senders.adf(row.target!, row.body, o));
          if (url) this.urlOutcome(url, false);
        } catch (e) {
          if (url) this.urlOutcome(url, e instanceof DeadlineError);
          throw e;
        }
      }
      await this.db.update(leadDeliveries).set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null }).where(this.mine(row));
      return "sent";
    } catch (e) {
      appMetrics().deliveryFailures.inc({ channel: row.channel });
      const attempts = row.attempts + 1;
      const message = String((e as Error)?.message ?? e).slice(0, 1000);
      if (e instanceof RefusedFetchError) this.log(`${row.channel} delivery ${row.id} of lead ${row.leadId} to ${row.target}: ${message}`);
      if (e instanceof PermanentDeliveryError) {
        await this.db.update(leadDeliveries).set({ status: "dead", attempts, lastError: message }).where(this.mine(row));
        this.log(`${row.channel} delivery ${row.id} of lead ${row.leadId} was refused, not retried: ${message}`);
        return "dead";
      }
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
