import { randomUUID } from "node:crypto";
import { gte, sql } from "drizzle-orm";
import type { Db, DbHandle } from "../db";
import { vehicles } from "../db/schema";

/**
 * Vehicle change notifications. Every write through server/inventory/store announces the ids it
 * changed twice:
 *   - in this process, to the listeners registered with onVehiclesChanged, once the transaction
 *     has committed;
 *   - to every process sharing the database, with NOTIFY on VEHICLES_CHANNEL (sent inside the
 *     transaction, so PostgreSQL delivers it on commit and never for a rolled-back write).
 * listenForVehicleChanges(handle) relays the NOTIFYs of other processes to this process's
 * listeners; a process's own NOTIFYs carry its origin id and are not delivered twice. When the
 * connection that hears them was lost and is back, the vehicles written since shortly before it was
 * lost are announced as upserts (their NOTIFYs were not heard).
 */
export const VEHICLES_CHANNEL = "forecourt_vehicles_changed";

export type VehicleChangeKind = "upsert" | "delete";
export type VehicleChangeListener = (ids: string[], kind: VehicleChangeKind) => void;

interface ChangeState {
  origin: string;
  listeners: Set<VehicleChangeListener>;
  bridged: WeakSet<object>;
}

// On globalThis: Next loads this module once per route bundle, and all of them share the listeners.
const KEY = Symbol.for("forecourt.vehicles.changes");
const state: ChangeState = ((globalThis as Record<symbol, unknown>)[KEY] as ChangeState | undefined) ??
  ((globalThis as Record<symbol, unknown>)[KEY] = { origin: randomUUID(), listeners: new Set(), bridged: new WeakSet() } as ChangeState);

/**
 * Calls `fn(ids, kind)` after every committed vehicle write in this process, and — once
 * listenForVehicleChanges has been called (or `opts.handle` is given) — in any other process.
 * Returns a function that unsubscribes.
 */
export function onVehiclesChanged(fn: VehicleChangeListener, opts: { handle?: DbHandle } = {}): () => void {
  state.listeners.add(fn);
  if (opts.handle) listenForVehicleChanges(opts.handle).catch((e) => console.error("[inventory] cannot listen for vehicle changes:", e));
  return () => state.listeners.delete(fn);
}

/** Relays other processes' vehicle NOTIFYs on this database to this process's listeners (once per handle). */
export async function listenForVehicleChanges(handle: DbHandle): Promise<void> {
  if (state.bridged.has(handle)) return;
  state.bridged.add(handle);
  try {
    await handle.listen(VEHICLES_CHANNEL, (payload) => {
      const msg = parsePayload(payload);
      if (msg && msg.o !== state.origin) deliver(msg.ids, msg.k);
    });
    handle.onReconnect(({ lostAt }) => {
      resync(handle.db, lostAt).catch((e) => console.error("[inventory] re-sync after reconnecting failed:", e));
    });
  } catch (e) {
    state.bridged.delete(handle);
    throw e;
  }
}

/** How far before the connection was lost a write may be stamped (the writer's clock may differ). */
const RESYNC_MARGIN_MS = 60_000;

/** Announces, as upserts, the vehicles written since shortly before `lostAt`. */
export async function resync(db: Db, lostAt: Date): Promise<string[]> {
  const since = new Date(lostAt.getTime() - RESYNC_MARGIN_MS);
  const ids = (await db.select({ id: vehicles.id }).from(vehicles).where(gte(vehicles.updatedAt, since))).map((r) => r.id);
  deliver(ids, "upsert");
  return ids;
}

function parsePayload(payload: string): { o: string; k: VehicleChangeKind; ids: string[] } | null {
  try {
    const msg = JSON.parse(payload);
    if (typeof msg?.o === "string" && (msg.k === "upsert" || msg.k === "delete") && Array.isArray(msg.ids)) return msg;
  } catch {
    // fall through
  }
  console.error(`[inventory] ignored a malformed ${VEHICLES_CHANNEL} payload: ${payload.slice(0, 200)}`);
  return null;
}

function deliver(ids: string[], kind: VehicleChangeKind) {
  if (!ids.length) return;
  for (const fn of state.listeners) {
    try {
      fn(ids, kind);
    } catch (e) {
      console.error("[inventory] a vehicle change listener failed:", e);
    }
  }
}

/** NOTIFY payloads stay under PostgreSQL's 8000-byte limit: long id lists go in several. */
const MAX_PAYLOAD = 7000;

export function notifyPayloads(ids: string[], kind: VehicleChangeKind): string[] {
  const payloads: string[] = [];
  const head = `{"o":${JSON.stringify(state.origin)},"k":"${kind}","ids":[`;
  let batch: string[] = [];
  let size = head.length + 2;
  for (const id of ids) {
    const item = JSON.stringify(id);
    if (batch.length && size + item.length + 1 > MAX_PAYLOAD) {
      payloads.push(`${head}${batch.join(",")}]}`);
      batch = [];
      size = head.length + 2;
    }
    batch.push(item);
    size += item.length + 1;
  }
  if (batch.length) payloads.push(`${head}${batch.join(",")}]}`);
  return payloads;
}

/** Sends the NOTIFYs for a write; call inside its transaction. */
export async function notifyVehiclesChanged(tx: Db, ids: string[], kind: VehicleChangeKind): Promise<void> {
  for (const payload of notifyPayloads(ids, kind)) await tx.execute(sql`select pg_notify(${VEHICLES_CHANNEL}, ${payload})`);
}

/** Tells this process's listeners; call after the transaction committed. */
export function announceVehiclesChanged(ids: string[], kind: VehicleChangeKind): void {
  deliver(ids, kind);
}
