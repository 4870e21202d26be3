import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { auditLog, dealershipApiKeys, dealerships } from "../db/schema";
import { upsertVehicle } from "../inventory/store";
import { dealershipForKey, hashKey } from "../inventory/keys";
import { createTenant, publish } from "../tenants/store";
import { upsertAdminUser } from "./accounts";
import { feedKeys } from "./feed-keys";
import { handleAddDealership, handleCreateFeedKey, handleRevokeFeedKey } from "./directory-http";
import { adminRoute, handleAssignDealership, handleListDealerships, handleSignIn } from "./http";

// The dealership directory (/admin/dealerships): counts, last feed time, adding, assigning, feed keys, and who may.
const ADMIN = "localhost:3000";
const ORIGIN = `http://${ADMIN}`;
type Row = { id: number; name: string; tenant: string | null; stock: number; vehicles: number; lastFeedAt: string | null };

describe.each(backends)("dealership directory on %s", (_name, make) => {
  let h: DbHandle;
  let staff = "";
  let dealer = "";
  const call = async (handler: Parameters<typeof adminRoute>[0], opts: { cookie?: string; body?: unknown; params?: Record<string, string>; method?: string } = {}) => {
    const method = opts.method ?? "POST";
    const headers: Record<string, string> = { host: ADMIN, origin: ORIGIN, "content-type": "application/json", cookie: `fc_admin=${opts.cookie ?? staff}` };
    const request = new Request(`${ORIGIN}/api/admin/x`, { method, headers, body: method === "GET" ? undefined : JSON.stringify(opts.body ?? {}) });
    const res = await adminRoute(handler, { handle: async () => h })(request, { params: Promise.resolve(opts.params ?? {}) });
    return { status: res.status, body: await res.json(), cache: res.headers.get("cache-control") };
  };
  const list = async (cookie = staff) => (await call(handleListDealerships, { cookie, method: "GET" })).body.dealerships as Row[];
  const signIn = async (email: string, password: string) => {
    await upsertAdminUser(h.db, email.startsWith("staff") ? { email, password, role: "staff" } : { email, password, role: "dealer", tenants: ["alpha"] });
    const request = new Request(`${ORIGIN}/api/admin/sign-in`, { method: "POST", headers: { host: ADMIN, origin: ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
    const res = await adminRoute(handleSignIn, { open: true, handle: async () => h })(request);
    return /fc_admin=([^;]+)/.exec(res.headers.get("set-cookie")!)![1];
  };

  const db = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors", 1), "seed");
    await publish(h, "alpha", { actor: "seed" });
    await createTenant(h.db, makeTenant("beta", "Beta Cars", 2), "seed");
    await publish(h, "beta", { actor: "seed" });
    staff = await signIn("staff@test.example", "staff-password-1");
    dealer = await signIn("dealer@test.example", "dealer-password-1");
  });

  it("counts each dealership's cars in stock and all its cars, and gives the newest feed change as its last feed time", async (c) => {
    db.need(c);
    await upsertVehicle(h.db, feedVehicle("a1"), { now: new Date("2026-03-01T01:00:00Z") });
    await upsertVehicle(h.db, feedVehicle("a2", { stocknum: "S-a2", status: "coming_soon" }), { now: new Date("2026-03-02T02:00:00Z") });
    await upsertVehicle(h.db, feedVehicle("a3", { stocknum: "S-a3", status: "sold" }), { now: new Date("2026-03-01T03:00:00Z") });
    await upsertVehicle(h.db, feedVehicle("a4", { stocknum: "S-a4" }), { now: new Date("2026-02-01T00:00:00Z") });
    const rows = await list();
    expect(rows.map((r) => [r.id, r.tenant, r.stock, r.vehicles, r.lastFeedAt])).toEqual([
      [1, "alpha", 2, 4, "2026-03-02T02:00:00.000Z"],
      [2, "beta", 0, 0, null],
    ]);
    expect(rows[0].name).toBe("Alpha Motors Sales");
    // A dealer sees their own site's dealerships only.
    expect((await list(dealer)).map((r) => r.id)).toEqual([1]);
  });

  it("adds a dealership with the next free id (above those vehicles and keys use) or the one given, refusing a taken id and a missing name", async (c) => {
    db.need(c);
    await h.db.insert(dealershipApiKeys).values({ dealershipId: 40, keyHash: "x".repeat(64), keyPrefix: "fck_xxxxxx", label: "old" });
    const added = await call(handleAddDealership, { body: { name: "  Tasman Ute Centre " } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: 41, name: "Tasman Ute Centre", tenant: null, stock: 0, vehicles: 0, lastFeedAt: null });
    const given = await call(handleAddDealership, { body: { name: "Hobart Trucks", id: 700 } });
    expect(given.body).toMatchObject({ id: 700, name: "Hobart Trucks", tenant: null });
    expect((await list()).map((r) => r.id)).toEqual([1, 2, 41, 700]);

    const taken = await call(handleAddDealership, { body: { name: "Copy", id: 1 } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual([{ pointer: "/id", message: "Id: dealership 1 already exists (Alpha Motors Sales)." }]);
    const empty = await call(handleAddDealership, { body: { name: " ", id: 0 } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([
      { pointer: "/name", message: "Name: enter the dealership's name." },
      { pointer: "/id", message: "Id: a whole number from 1 to 2147483647, or leave it empty to have one chosen." },
    ]);
    expect((await call(handleAddDealership, { body: { name: "X", id: "5" } })).status).toBe(400);
    expect((await call(handleAddDealership, { body: { name: "Two\nlines" } })).body.errors[0].pointer).toBe("/name");
    const audit = await h.db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, "add-dealership")).orderBy(auditLog.id);
    expect(audit.map((a) => a.detail)).toEqual([{ dealership: 41, name: "Tasman Ute Centre" }, { dealership: 700, name: "Hobart Trucks" }]);
  });

  it("assigns a dealership to a site and back, but never away from a site whose published document names it (with the rule's message)", async (c) => {
    db.need(c);
    const assigned = await call(handleAssignDealership, { params: { id: "41" }, body: { tenant: "beta" } });
    expect(assigned).toMatchObject({ status: 200, body: { id: 41, tenant: "beta", stock: 0, lastFeedAt: null } });
    const unassigned = await call(handleAssignDealership, { params: { id: "41" }, body: { tenant: null } });
    expect(unassigned.body).toMatchObject({ id: 41, tenant: null });
    const refused = await call(handleAssignDealership, { params: { id: "1" }, body: { tenant: "beta" } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Dealership 1 is still on the published site "alpha"; remove it there and publish first.');
    const row = (await list()).find((r) => r.id === 1)!;
    expect([row.tenant, row.stock]).toEqual(["alpha", 2]);
  });

  it("makes a feed key shown once (only its hash kept), notes when a feed used it, and revokes it", async (c) => {
    db.need(c);
    const made = await call(handleCreateFeedKey, { params: { id: "41" }, body: { label: "DMS export" } });
    expect(made.status).toBe(201);
    expect(made.cache).toBe("no-store");
    expect(made.body).toMatchObject({ dealershipId: 41, label: "DMS export" });
    const key = made.body.key as string;
    expect(key).toMatch(/^fck_[\w-]{43}$/);
    expect(made.body.prefix).toBe(key.slice(0, 10));
    const [stored] = await h.db.select().from(dealershipApiKeys).where(eq(dealershipApiKeys.id, made.body.id));
    expect(stored.keyHash).toBe(hashKey(key));
    expect(JSON.stringify(stored)).not.toContain(key);

    const listed = () => feedKeys(h.db, { id: 0, email: "staff@test.example", role: "staff", tenants: [] });
    expect((await listed()).find((k) => k.id === made.body.id)).toMatchObject({ dealershipId: 41, label: "DMS export", prefix: key.slice(0, 10), lastUsedAt: null });
    expect(JSON.stringify(await listed())).not.toContain(key);

    const used = new Date("2026-04-01T10:00:00Z");
    expect(await dealershipForKey(h.db, key, used)).toBe(41);
    // Within the minute the time is not written again; after it, it is.
    expect(await dealershipForKey(h.db, key, new Date(used.getTime() + 30_000))).toBe(41);
    expect((await listed()).find((k) => k.id === made.body.id)!.lastUsedAt).toEqual(used);
    const later = new Date(used.getTime() + 61_000);
    await dealershipForKey(h.db, key, later);
    expect((await listed()).find((k) => k.id === made.body.id)!.lastUsedAt).toEqual(later);

    // Another dealership's id with this key's id: not found, nothing revoked.
    expect((await call(handleRevokeFeedKey, { params: { id: "2", key: String(made.body.id) } })).status).toBe(404);
    expect(await dealershipForKey(h.db, key)).toBe(41);
    const revoked = await call(handleRevokeFeedKey, { params: { id: "41", key: String(made.body.id) } });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: made.body.id } });
    expect(await dealershipForKey(h.db, key)).toBeNull();
    expect((await listed()).some((k) => k.id === made.body.id)).toBe(false);
    const again = await call(handleRevokeFeedKey, { params: { id: "41", key: String(made.body.id) } });
    expect(again).toMatchObject({ status: 404, body: { message: `Dealership 41 has no feed key ${made.body.id} in use (already revoked?).` } });
    const audit = await h.db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).where(eq(auditLog.actor, "staff@test.example")).orderBy(auditLog.id);
    expect(audit.filter((a) => a.action.endsWith("feed-key"))).toEqual([
      { action: "create-feed-key", detail: { dealership: 41, key: made.body.id, prefix: key.slice(0, 10), label: "DMS export" } },
      { action: "revoke-feed-key", detail: { dealership: 41, key: made.body.id, prefix: key.slice(0, 10) } },
    ]);
  });

  it("refuses a key for a dealership nobody knows, and a label over 100 characters", async (c) => {
    db.need(c);
    const unknown = await call(handleCreateFeedKey, { params: { id: "9999" }, body: {} });
    expect(unknown).toMatchObject({ status: 404, body: { message: "There is no dealership 9999; add it to the directory first." } });
    const long = await call(handleCreateFeedKey, { params: { id: "41" }, body: { label: "x".repeat(101) } });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual([{ pointer: "/label", message: "Label: at most 100 characters, on one line." }]);
    expect((await call(handleCreateFeedKey, { params: { id: "abc" }, body: {} })).status).toBe(404);
  });

  it("refuses every change to a dealer, who cannot claim a dealership that is not theirs", async (c) => {
    db.need(c);
    const before = await h.db.select().from(dealerships).orderBy(dealerships.id);
    const keysBefore = await h.db.select().from(dealershipApiKeys);
    const refusals = [
      await call(handleAddDealership, { cookie: dealer, body: { name: "Mine now" } }),
      await call(handleAssignDealership, { cookie: dealer, params: { id: "41" }, body: { tenant: "alpha" } }),
      await call(handleCreateFeedKey, { cookie: dealer, params: { id: "1" }, body: {} }),
      await call(handleRevokeFeedKey, { cookie: dealer, params: { id: "40", key: String(keysBefore[0].id) } }),
    ];
    expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
      [403, "Only Forecourt staff can add dealerships."],
      [403, "Only Forecourt staff can assign dealerships."],
      [403, "Only Forecourt staff can make feed keys."],
      [403, "Only Forecourt staff can revoke feed keys."],
    ]);
    expect(await h.db.select().from(dealerships).orderBy(dealerships.id)).toEqual(before);
    expect(await h.db.select().from(dealershipApiKeys)).toEqual(keysBefore);
    // Not signed in: 401.
    expect((await call(handleAddDealership, { cookie: "nope", body: { name: "X" } })).status).toBe(401);
  });
});
