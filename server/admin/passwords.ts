/**
 * Admin passwords, hashed with scrypt from node:crypto (Node's own, maintained with Node, backed by
 * OpenSSL: no native module to build, no extra dependency).
 *
 * Parameters (OWASP's recommendation for scrypt): N = 2^17, r = 8, p = 1 — about 128 MiB of memory
 * and a few hundred milliseconds per hash on this machine, which is what makes a stolen hash slow to
 * guess — with a random 16-byte salt and a 64-byte key. The stored form carries its parameters,
 *   scrypt$<log2 N>$<r>$<p>$<salt, base64url>$<key, base64url>
 * so they can be raised later without breaking existing hashes (needsRehash says when to rehash).
 *
 * Each hash takes 128 MiB and a thread of libuv's pool (4 threads, shared with gzip and file reads of
 * every site), so the process runs at most HASH_CONCURRENCY of them at once; further ones wait in a
 * queue. A sign-in (verifyPassword) finds room in a queue of at most HASH_QUEUE, of which one network
 * and one account hold at most HASH_QUEUE_SHARE, or is refused at once with HashingBusy, without
 * hashing; the CLI, the seed and rehashing (hashPassword) always wait.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

/** The production parameters; never changed at run time. */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ log2N: 17, r: 8, p: 1 });
/** What hashPassword and needsRehash use when not told: SCRYPT_PARAMS, unless a test set cheaper ones. */
let defaultParams: Readonly<ScryptParams> = SCRYPT_PARAMS;
/**
 * For tests only (tests/setup.ts, vitest's setupFiles): hash with cheap parameters so that a test
 * run does not spend 128 MiB and a few hundred milliseconds per password. Nothing else calls it.
 */
export function setScryptParamsForTests(params: Readonly<ScryptParams>): void {
  defaultParams = params;
}
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Shortest password the CLI and the seed accept. */
export const MIN_PASSWORD_LENGTH = 10;

/** Hashes running at once in this process, and sign-ins that may wait for one. */
export const HASH_CONCURRENCY = 1;
export const HASH_QUEUE = 8;
/**
 * Of the HASH_QUEUE waiting places, how many one network (IPv4 /24, IPv6 /48) and one account may
 * hold: a flood from one network, or from many networks at one account, leaves the other places free.
 */
export const HASH_QUEUE_SHARE = 2;

/** A sign-in refused because the hasher's queue is full, or its network's or account's share of it is. */
export const HASHING_BUSY = "Too many sign-in attempts right now. Try again in a moment.";
export class HashingBusy extends Error {
  constructor() {
    super(HASHING_BUSY);
  }
}

/** Who a sign-in's hash is for: its client's network and the account (e-mail address) it tries. */
export interface HashFor {
  network: string;
  account: string;
}

interface Waiter extends Partial<HashFor> {
  go: () => void;
}

const stats = { started: 0, running: 0, peak: 0 };
const waiting: Waiter[] = [];
let held: Promise<void> | undefined;

/** How many hashes were started, run now, and the most that ever ran at once (for tests and health). */
export function hashingStats(): { started: number; running: number; queued: number; peak: number } {
  return { ...stats, queued: waiting.length };
}

/**
 * For tests only: every hash started from now on waits, holding its slot, until the returned
 * function is called — so a test can fill the queue with cheap hashes and watch who gets a place.
 */
export function holdHashingForTests(): () => void {
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  held = hold;
  return () => {
    if (held === hold) held = undefined;
    release();
  };
}

/**
 * Runs `work` when a hashing slot is free. With `queue`, waits only where there is room: at most
 * `queue.limit` waiting in all and HASH_QUEUE_SHARE of them for its network and for its account;
 * throws HashingBusy at once otherwise. Without it (the CLI, the seed, a rehash) always waits.
 */
async function withHashSlot<T>(work: () => Promise<T>, queue?: { limit: number; for?: HashFor }): Promise<T> {
  if (stats.running >= HASH_CONCURRENCY) {
    if (queue) {
      const of = (key: keyof HashFor) => waiting.filter((w) => w[key] === queue.for?.[key]).length;
      if (waiting.length >= queue.limit || (queue.for && (of("network") >= HASH_QUEUE_SHARE || of("account") >= HASH_QUEUE_SHARE))) throw new HashingBusy();
    }
    // The finishing hash hands its slot straight over (running stays as it is).
    await new Promise<void>((go) => waiting.push({ go, ...queue?.for }));
  } else stats.running++;
  stats.peak = Math.max(stats.peak, stats.running);
  stats.started++;
  try {
    if (held) await held;
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next.go();
    else stats.running--;
  }
}

function scrypt(password: string, salt: Buffer, params: Readonly<ScryptParams>, queue?: { limit: number; for?: HashFor }): Promise<Buffer> {
  const N = 2 ** params.log2N;
  // scrypt needs 128·N·r bytes; Node refuses more than 32 MiB unless told.
  const opts: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return withHashSlot(
    () => new Promise((resolve, reject) => scryptCb(password.normalize("NFC"), salt, KEY_BYTES, opts, (e, key) => (e ? reject(e) : resolve(key)))),
    queue,
  );
}

export async function hashPassword(password: string, params: Readonly<ScryptParams> = defaultParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, params);
  return ["scrypt", params.log2N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, log2N, r, p, salt, key] = stored.split("$");
  const params = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (scheme !== "scrypt" || !salt || !key) return null;
  if (!Number.isInteger(params.log2N) || params.log2N < 10 || params.log2N > 20 || !(params.r >= 1 && params.r <= 32) || !(params.p >= 1 && params.p <= 16)) return null;
  return { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

/**
 * Whether `password` matches the stored hash; compared in constant time. Throws HashingBusy when
 * HASH_QUEUE others already wait for the hasher, or (given `hashFor`) HASH_QUEUE_SHARE of them are
 * for the same network or the same account.
 */
export async function verifyPassword(password: string, stored: string, hashFor?: HashFor): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.params, { limit: HASH_QUEUE, for: hashFor });
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with weaker parameters than today's (rehash at the next sign-in). */
export function needsRehash(stored: string, params: Readonly<ScryptParams> = defaultParams): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.log2N < params.log2N || parsed.params.r < params.r || parsed.params.p < params.p;
}

// Verified against when the e-mail address is unknown, so an unknown address takes as long to
// refuse as a wrong password (the answer must not say which).
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString("base64url"));
  return dummy;
}
