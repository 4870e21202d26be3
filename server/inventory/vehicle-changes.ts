import { randomUUID } from "node:crypto";
import { gte, lt } from "drizzle-orm";
import type { Db, DbHandle } from "../db/open";
import { vehicleDeletions, vehicles } from "../db/schema";

/**
 * Vehicle change notifications. Every write through server/inventory/store announces the ids it
 * changed twice:
 *   - in this process, to the listeners registered with `on`, once the transaction has committed;
 *   - to every process sharing the database, with NOTIFY on VEHICLES_CHANNEL (sent inside the
 *     transaction, so PostgreSQL delivers it on commit and never for a rolled-back write).
 * `listen(handle)` relays the NOTIFYs of other processes to this process's listeners; a process's
 * own NOTIFYs carry its origin id and are not delivered twice. When the connection that hears them
 * was lost and is back, what changed since shortly before it was lost is announced again (those
 * NOTIFYs were not heard): the vehicles written since, as upserts (their updated_at), and those
 * deleted since, as deletes (vehicle_deletions, which every deletion's notifyVehiclesChanged fills
 * and prunes to a day) — two range reads on indexed timestamps, however large the stock.
 *
 * The process has one (server/root/services.ts); server/inventory/changes.ts is its accessors.
 */
export const VEHICLES_CHANNEL = "forecourt_vehicles_changed";

export type VehicleChangeKind = "upsert" | "delete";
export type VehicleChangeListener = (ids: string[], kind: VehicleChangeKind) => void;

/** How far before the connection was lost a write may be stamped (the writer's clock may differ). */
const RESYNC_MARGIN_MS = 60_000;

/** NOTIFY payloads stay under PostgreSQL's 8000-byte limit: long id lists go in several. */
const MAX_PAYLOAD = 7000;

export class VehicleChanges {
  private readonly listeners = new Set<VehicleChangeListener>();
  private readonly bridged = new WeakMap<object, Promise<void>>();

  constructor(readonly origin: string = randomUUID()) {}

  /**
   * Calls `fn(ids, kind)` after every committed vehicle write in this process, and — once `listen`
   * has been called (or `opts.handle` is given) — in any other process. Returns a function that
   * unsubscribes.
   */
  on(fn: VehicleChangeListener, opts: { handle?: DbHandle } = {}): () => void {
    this.listeners.add(fn);
    if (opts.handle) this.listen(opts.handle).catch((e) => console.error("[inventory] cannot listen for vehicle changes:", e));
    return () => this.listeners.delete(fn);
  }

  /** Relays other processes' vehicle NOTIFYs on this database to this process's listeners (once per handle; resolves once LISTENing). */
  listen(handle: DbHandle): Promise<void> {
    let bridging = this.bridged.get(handle);
    if (!bridging) {
      bridging = this.bridge(handle).catch((e) => {
        this.bridged.delete(handle);
        throw e;
      });
      this.bridged.set(handle, bridging);
    }
    return bridging;
  }

  private async bridge(handle: DbHandle): Promise<void> {
    await handle.listen(VEHICLES_CHANNEL, (payload) => {
      const msg = parsePayload(payload);
      if (msg && msg.o !== this.origin) this.deliver(msg.ids, msg.k);
    });
    handle.onReconnect(({ lostAt }) => {
      this.resync(handle.db, lostAt).catch((e) => console.error("[inventory] re-sync after reconnecting failed:", e));
    });
  }

  /** Announces the vehicles deleted (as deletes) and written (as upserts) since shortly before `lostAt`. */
  async resync(db: Db, lostAt: Date): Promise<{ upserted: string[]; deleted: string[] }> {
    const since = new Date(lostAt.getTime() - RESYNC_MARGIN_MS);
    const [upserted, deleted] = await Promise.all([
      db.select({ id: vehicles.id }).from(vehicles).where(gte(vehicles.updatedAt, since)),
      db.select({ id: vehicleDeletions.id }).from(vehicleDeletions).where(gte(vehicleDeletions.deletedAt, since)),
    ]).then((both) => both.map((rows) => rows.map((r) => r.id)));
    // A car deleted and listed again meanwhile is in both: the upsert comes last (listeners re-read it).
    this.deliver(deleted, "delete");
    this.deliver(upserted, "upsert");
    return { upserted, deleted };
  }

  /** Tells this process's listeners (after the write's transaction committed). */
  deliver(ids: string[], kind: VehicleChangeKind): void {
    if (!ids.length) return;
    for (const fn of this.listeners) {
      try {
        fn(ids, kind);
      } catch (e) {
        console.error("[inventory] a vehicle change listener failed:", e);
      }
    }
  }

  /** The NOTIFY payloads announcing `ids` to the other processes. */
  notifyPayloads(ids: string[], kind: VehicleChangeKind): string[] {
    const payloads: string[] = [];
    const head = `{"o":${JSON.stringify(this.origin)},"k":"${kind}","ids":[`;
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
}

/** How long a deletion's id is kept for processes that missed its NOTIFY (they re-sync from lostAt less a minute). */
export const DELETIONS_KEPT_MS = 24 * 3600 * 1000;

/** Keeps the ids of a deletion (inside its transaction) and forgets those older than DELETIONS_KEPT_MS. */
export async function recordDeletions(tx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const now = new Date();
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000).map((id) => ({ id, deletedAt: now }));
    await tx.insert(vehicleDeletions).values(part).onConflictDoUpdate({ target: vehicleDeletions.id, set: { deletedAt: now } });
  }
  await tx.delete(vehicleDeletions).where(lt(vehicleDeletions.deletedAt, new Date(now.getTime() - DELETIONS_KEPT_MS)));
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
