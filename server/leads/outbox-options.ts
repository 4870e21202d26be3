/** The lead outbox worker's options (server/leads/outbox-worker.ts) and their defaults. */
import type { Senders } from "./senders";

export interface OutboxOptions {
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  leaseMs?: number;
  /** How many rows one claim takes at most. */
  batchSize?: number;
  /** How many deliveries are in flight at once, in all (a claim takes no more than the free places). */
  concurrency?: number;
  /** How many deliveries to one destination (a CRM's host and port; the SMTP server) are in flight at once. */
  perDestination?: number;
  /** How many deliveries to one CRM URL are in flight at once (1 after its last delivery timed out). */
  perUrl?: number;
  /** The longest a URL whose deliveries time out waits before it is tried again (its back-off's cap). */
  maxUrlBackoffMs?: number;
  /** The clock of a timing-out URL's back-off (tests). */
  now?: () => number;
  /** One delivery's deadline: a destination that has not answered by then is a failed attempt. */
  timeoutMs?: number;
  /** How often due retries are looked for while nothing kicks the worker. */
  pollMs?: number;
  senders?: Senders;
  log?: (message: string) => void;
}

export const OUTBOX_DEFAULTS = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  leaseMs: 120_000,
  batchSize: 20,
  concurrency: 20,
  perDestination: 4,
  perUrl: 2,
  maxUrlBackoffMs: 300_000,
  timeoutMs: 10_000,
  pollMs: 5_000,
};

/** Wait before the next attempt after `attempts` failures. */
export function backoffMs(attempts: number, base = OUTBOX_DEFAULTS.baseDelayMs, max = OUTBOX_DEFAULTS.maxDelayMs): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

export type ResolvedOutboxOptions = Required<Omit<OutboxOptions, "senders" | "log" | "now">>;

/**
 * OUTBOX_LEASE_MS: how long a claimed delivery stays leased (default 2 minutes) — how soon another instance
 * sends the rows of one that died mid-send (kill -9: a SIGTERM hands them back at once). At least 15 s,
 * above a delivery's deadline (timeoutMs, 10 s), or a slow send would be claimed a second time.
 */
export function leaseFromEnv(value: string | undefined): number | undefined {
  return value && /^\d+$/.test(value.trim()) ? Math.max(15_000, Number(value)) : undefined;
}

/** The options with their defaults filled in (the bounds at least 1). */
export function resolveOutboxOptions(opts: OutboxOptions): ResolvedOutboxOptions {
  return {
    maxAttempts: opts.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts,
    baseDelayMs: opts.baseDelayMs ?? OUTBOX_DEFAULTS.baseDelayMs,
    maxDelayMs: opts.maxDelayMs ?? OUTBOX_DEFAULTS.maxDelayMs,
    leaseMs: opts.leaseMs ?? leaseFromEnv(process.env.OUTBOX_LEASE_MS) ?? OUTBOX_DEFAULTS.leaseMs,
    batchSize: opts.batchSize ?? OUTBOX_DEFAULTS.batchSize,
    concurrency: Math.max(1, opts.concurrency ?? OUTBOX_DEFAULTS.concurrency),
    perDestination: Math.max(1, opts.perDestination ?? OUTBOX_DEFAULTS.perDestination),
    perUrl: Math.max(1, opts.perUrl ?? OUTBOX_DEFAULTS.perUrl),
    maxUrlBackoffMs: opts.maxUrlBackoffMs ?? OUTBOX_DEFAULTS.maxUrlBackoffMs,
    timeoutMs: opts.timeoutMs ?? OUTBOX_DEFAULTS.timeoutMs,
    pollMs: opts.pollMs ?? OUTBOX_DEFAULTS.pollMs,
  };
}
