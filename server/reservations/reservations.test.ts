import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { DbHandle } from "../db";
import { embeddedPayments, leadDeliveries, leads, reservations } from "../db/schema";
import { createTenant, publish } from "../tenants/store";
import { upsertSiteUser } from "../auth/sessions";
import { onVehiclesChanged } from "../inventory/changes";
import { searchRecordsFor } from "../inventory/records";
import { upsertVehicle } from "../inventory/store";
import { siteVehicleBySlug } from "../inventory/vdp";
import { DECLINED, EmbeddedPaymentProvider } from "../payments/embedded";
import { heldVehicleIds } from "../inventory/holds";
import {
  cancelReservation,
  finalizeReservation,
  getReservation,
  NOT_THE_BUYER,
  releaseLapsed,
  reserveCar,
} from "./service";
import { reservationsForUser } from "./store";
import { MISSING_LEAD_GRACE_MS, sendMissingLeads } from "./lead";
import { ownsReservation } from "./owner";
import { HOLD_ENDED, LOST_RACE, ReservationUnavailableError, type ReserveRequest } from "./reservation";

// The fake clock starts at the real hour: the search records and the vehicle page read holds at the real time.
const T0 = new Date(Math.floor(Date.now() / 3600_000) * 3600_000);
const HOUR = 3600_000;

function site(): TenantDocument {
  const doc = inventoryTenant("alpha");
  doc.features.reserveOnline = { enabled: true, route: "checkout", deposit: 250, holdHours: 48 };
  return doc;
}

let n = 0;
const request = (slug: string, over: Partial<ReserveRequest> = {}): ReserveRequest => ({
  slug,
  kind: "reserve",
  contact: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" },
  card: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
  idempotencyKey: `reserve-test-${++n}`,
  ...over,
});

describe.each(backends)("reservations on %s", (_name, make) => {
  let h: DbHandle;
  let clock = T0;
  const tenant = site();
  const announced: string[] = [];
  let unsubscribe = () => {};
  const db = withTestDatabase(make, async (handle) => {
    h = handle;
    await createTenant(h.db, tenant, "test");
    await publish(h, "alpha", { actor: "test" });
    for (const id of ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]) await upsertVehicle(h.db, feedVehicle(id, { price: 30000 }));
    await upsertVehicle(h.db, feedVehicle("sold", { status: "sold" }));
    await upsertVehicle(h.db, feedVehicle("free", { price: 0 }));
    await upsertVehicle(h.db, feedVehicle("van-sold", { status: "sold", item_type: "caravan", body: "Caravan", make: "Jayco", model: "Journey" }));
  });
  beforeAll(() => {
    unsubscribe = onVehiclesChanged((ids) => announced.push(...ids));
  });
  afterAll(() => unsubscribe());
  const ctx = () => ({ db: h.db, tenant, provider: new EmbeddedPaymentProvider(h.db, () => clock), now: () => clock });
  const slugOf = async (id: string) => (await h.db.query.vehicles.findFirst({ where: (v, { eq }) => eq(v.id, id) }))!.slug;

  it("a paid deposit holds the car at once: reserved in search and on its page, announced, for the site's hours; the dealer's lead names the payment", async (t) => {
    db.need(t);
    clock = T0;
    announced.length = 0;
    const slug = await slugOf("c1");
    const out = await reserveCar(ctx(), request(slug, { url: "https://www.alpha.test/cars/x/checkout" }));
    expect(out.status).toBe("held");
    const r = out.reservation;
    expect(r).toMatchObject({ status: "held", deposit: 25000, currency: "AUD", holdHours: 48, vehicleId: "c1" });
    expect(r.holdUntil).toEqual(new Date(T0.getTime() + 48 * HOUR));
    expect(r.paymentReference).toMatch(/^pay_[0-9a-f]{24}$/);
    expect(announced).toContain("c1");
    expect([...(await heldVehicleIds(h.db, clock))]).toEqual(["c1"]);
    expect((await siteVehicleBySlug(h.db, tenant, slug))?.reserved).toBe(true);
    expect((await searchRecordsFor(h.db, ["c1"])).records[0].reserved).toBe(true);
    // The lead and its outbox row carry the payment reference.
    const [lead] = await h.db.select().from(leads).where(eq(leads.id, r.leadId!));
    expect(lead.idempotencyKey).toBe(`reservation:${r.id}`);
    expect(lead.payload).toMatchObject({ form: "reserve", category: "Reserve Online", car_id: "c1", fields: { payment_reference: r.paymentReference, deposit_amount: 250, hold_until: r.holdUntil!.toISOString(), first_name: "Ada" } });
    // The dealer's e-mail (the buyer's confirmation is a row of the lead too; rows come in no set order).
    const [email] = await h.db.select().from(leadDeliveries).where(and(eq(leadDeliveries.leadId, r.leadId!), eq(leadDeliveries.channel, "email")));
    expect(email.channel).toBe("email");
    expect(email.body).toContain(`Payment reference: ${r.paymentReference}`);
    expect(email.body).toContain("Deposit paid: $250");
    // Reserving asks no marketing consent: none is recorded.
    expect((lead.payload as { fields: Record<string, unknown> }).fields).not.toHaveProperty("opt_in");
    expect(email.body).toContain("Opt-in to marketing: Not asked");
    // Held: nobody else may reserve it.
    const again = await reserveCar(ctx(), request(slug)).catch((e) => e);
    expect(again).toBeInstanceOf(ReservationUnavailableError);
    expect(again.reason).toBe("reserved");
  });

  it("the same Idempotency-Key answers the same reservation; with other details it is refused", async (t) => {
    db.need(t);
    clock = T0;
    const slug = await slugOf("c2");
    const req = request(slug);
    const first = await reserveCar(ctx(), req);
    const replay = await reserveCar(ctx(), req);
    expect(replay.reservation.id).toBe(first.reservation.id);
    // The retry's sender holds the key, so it is the buyer: a new token replaces the first (whose answer may have been lost).
    expect(replay.ownerToken).not.toBe(first.ownerToken);
    expect(await ownsReservation(ctx(), first.reservation.id, { token: replay.ownerToken })).toBe(true);
    expect(await ownsReservation(ctx(), first.reservation.id, { token: first.ownerToken })).toBe(false);
    await expect(reserveCar(ctx(), { ...req, contact: { ...req.contact, first_name: "Eve" } })).rejects.toMatchObject({ status: 409 });
    expect((await h.db.select().from(reservations).where(eq(reservations.vehicleId, "c2"))).length).toBe(1);
  });

  it("the same Idempotency-Key sent twice at once: the one that finds the car already held by its twin answers the twin's reservation, not 409", async (t) => {
    db.need(t);
    clock = T0;
    const slug = await slugOf("c8");
    const req = request(slug);
    // The second request's first query (the key's lookup) runs at once and finds nothing; every later
    // query waits until the first request has held the car, as under load in CI (fuzz-servers.spec).
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const second = reserveCar({ ...ctx(), db: gatedAfterFirstSelect(h.db, gate) }, req);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const first = await reserveCar(ctx(), req);
    expect(first.status).toBe("held");
    open();
    const late = await second;
    expect(late.reservation.id).toBe(first.reservation.id);
    expect(late.status).toBe("held");
    expect((await h.db.select().from(reservations).where(eq(reservations.vehicleId, "c8"))).length).toBe(1);
    // The other cases count the holds that lapse: this one leaves none.
    await h.db.delete(reservations).where(eq(reservations.vehicleId, "c8"));
  });

  it("the hold lapses with the clock: lazily on read, and by the sweep, which announces the car", async (t) => {
    db.need(t);
    clock = T0;
    const slug = await slugOf("c1");
    const [held] = await h.db.select().from(reservations).where(eq(reservations.vehicleId, "c1"));
    clock = new Date(T0.getTime() + 47 * HOUR);
    expect((await getReservation(ctx(), held.id))?.status).toBe("held");
    clock = new Date(T0.getTime() + 48 * HOUR);
    expect(await heldVehicleIds(h.db, clock, ["c1"])).toEqual(new Set());
    announced.length = 0;
    expect((await getReservation(ctx(), held.id))?.status).toBe("expired"); // lazily
    expect(announced).toContain("c1");
    expect((await siteVehicleBySlug(h.db, tenant, slug))?.reserved).toBe(false);
    // c2's hold: the sweep releases it.
    expect(await releaseLapsed(h.db, clock)).toEqual(["c2"]);
    expect(await releaseLapsed(h.db, clock)).toEqual([]);
    // Released: it can be reserved again.
    expect((await reserveCar(ctx(), request(slug))).status).toBe("held");
  });

  it("a paid hold whose lead was never stored (the process stopped in between) gets its lead from the sweep, once", async (t) => {
    db.need(t);
    clock = T0;
    const out = await reserveCar(ctx(), request(await slugOf("c7")));
    expect(out.status).toBe("held");
    // As if the process had stopped before the lead: no lead, no outbox row.
    const lost = out.reservation.leadId!;
    await h.db.delete(leads).where(eq(leads.id, lost));
    await h.db.update(reservations).set({ leadId: null }).where(eq(reservations.id, out.reservation.id));
    // Within the grace period it is left alone (the request that holds it may still be storing it).
    expect(await sendMissingLeads(h.db, new Date(T0.getTime() + MISSING_LEAD_GRACE_MS - 5_000))).toBe(0);
    const later = new Date(T0.getTime() + MISSING_LEAD_GRACE_MS + 5_000);
    expect(await sendMissingLeads(h.db, later)).toBe(1);
    const [row] = await h.db.select().from(reservations).where(eq(reservations.id, out.reservation.id));
    expect(row.leadId).not.toBeNull();
    const [lead] = await h.db.select().from(leads).where(eq(leads.id, row.leadId!));
    expect(lead.idempotencyKey).toBe(`reservation:${row.id}`);
    expect(JSON.stringify(lead.payload)).toContain(out.reservation.paymentReference!);
    expect((await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.id))).length).toBeGreaterThan(0);
    // Once sent, never again.
    expect(await sendMissingLeads(h.db, later)).toBe(0);
    expect((await h.db.select().from(leads).where(eq(leads.idempotencyKey, `reservation:${row.id}`))).length).toBe(1);
  });

  it("a declined card reserves nothing and sends no lead", async (t) => {
    db.need(t);
    clock = T0;
    const out = await reserveCar(ctx(), request(await slugOf("c3"), { card: { number: "4000 0000 0000 0002", expiry: "12/30", cvc: "123" } }));
    expect(out).toMatchObject({ status: "declined", message: DECLINED });
    expect(out.reservation.status).toBe("failed");
    expect(out.reservation.leadId).toBeNull();
    expect(await heldVehicleIds(h.db, clock, ["c3"])).toEqual(new Set());
  });

  it("a malformed card is refused (422) and holds nothing", async (t) => {
    db.need(t);
    await expect(reserveCar(ctx(), request(await slugOf("c3"), { card: { number: "1234", expiry: "1/20", cvc: "x" } }))).rejects.toMatchObject({ status: 422 });
    expect(await heldVehicleIds(h.db, clock, ["c3"])).toEqual(new Set());
  });

  it("3-D Secure: nothing is held while the challenge is open (an abandoned one reserves nothing); once passed the car is held", async (t) => {
    db.need(t);
    clock = T0;
    const out = await reserveCar(ctx(), request(await slugOf("c3"), { card: { number: "4000 0027 6000 3184", expiry: "12/30", cvc: "123" } }));
    expect(out.status).toBe("requires_action");
    if (out.status !== "requires_action") return;
    expect(await heldVehicleIds(h.db, clock, ["c3"])).toEqual(new Set());
    const token = new URL(out.redirectUrl, "http://x").searchParams.get("token")!;
    const paymentId = out.redirectUrl.split("/").pop()!.split("?")[0];
    await new EmbeddedPaymentProvider(h.db, () => clock).completeChallenge(paymentId, token, true);
    const row = await finalizeReservation(ctx(), out.reservation.id);
    expect(row.status).toBe("held");
    expect(row.leadId).not.toBeNull();
    // An abandoned challenge on another car is closed by the sweep after an hour, holding nothing.
    const open = await reserveCar(ctx(), request(await slugOf("c4"), { card: { number: "4000002760003184", expiry: "12/30", cvc: "123" } }));
    clock = new Date(T0.getTime() + 2 * HOUR);
    await releaseLapsed(h.db, clock);
    expect((await getReservation(ctx(), open.reservation.id))?.status).toBe("failed");
  });

  it("two visitors paying for one car at once: exactly one holds it, the other is refunded and told so", async (t) => {
    db.need(t);
    clock = T0;
    const slug = await slugOf("c5");
    // The three are held at the gateway until all have checked the car, so none sees another's hold
    // (without the gate a busy machine can finish one before another starts: a 409, not a race).
    const provider = new EmbeddedPaymentProvider(h.db, () => clock);
    const create = provider.createPayment.bind(provider);
    let arrived = 0;
    let allArrived = () => {};
    const gate = new Promise<void>((resolve) => (allArrived = resolve));
    provider.createPayment = async (...args) => {
      if (++arrived === 3) allArrived();
      await gate;
      return create(...args);
    };
    const results = await Promise.all([1, 2, 3].map((i) => reserveCar({ ...ctx(), provider }, request(slug, { contact: { first_name: `V${i}`, email: `v${i}@example.com`, phone: "0400 000 000" } })).catch((e) => e)));
    const held = results.filter((r) => r.status === "held");
    expect(held).toHaveLength(1);
    const rows = await h.db.select().from(reservations).where(eq(reservations.vehicleId, "c5"));
    expect(rows.filter((r) => r.status === "held")).toHaveLength(1);
    // The others lost the race after paying: refunded and told so.
    for (const r of results.filter((x) => x.status !== "held")) {
      expect(r).toMatchObject({ status: "declined", message: LOST_RACE("$250") });
      const [pay] = await h.db.select().from(embeddedPayments).where(eq(embeddedPayments.id, rows.find((x) => x.id === r.reservation.id)!.paymentId!));
      expect(pay.status).toBe("refunded");
    }
    // All three checked the car before any had paid: the database, not the check, decided.
    expect(results.filter((r) => r.status === "declined")).toHaveLength(2);
  });

  it("the database refuses a second held reservation of one car, whoever writes it", async (t) => {
    db.need(t);
    const row = (id: string) => ({
      id, site: "alpha", idempotencyKey: `direct-${id}`, requestHash: "x", kind: "reserve" as const, vehicleId: "c4", dealershipId: 1, status: "held" as const,
      deposit: 25000, currency: "AUD", holdHours: 48, contact: {}, paymentProvider: "embedded", holdUntil: new Date(Date.now() + HOUR),
    });
    const ids = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];
    const settled = await Promise.allSettled(ids.map((id) => h.db.insert(reservations).values(row(id))));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    const err = (settled.find((s) => s.status === "rejected") as PromiseRejectedResult).reason as { code?: string; cause?: { code?: string } };
    expect(err.code ?? err.cause?.code).toBe("23505");
    await h.db.delete(reservations).where(eq(reservations.vehicleId, "c4"));
  });

  it("cancel within the hold: refunded through the provider, car released and announced; again answers the same; after the hold it is refused", async (t) => {
    db.need(t);
    clock = T0;
    const user = await upsertSiteUser(h.db, "alpha", "+61400000001");
    const other = await upsertSiteUser(h.db, "alpha", "+61400000002");
    const out = await reserveCar(ctx(), request(await slugOf("c6"), { userId: user.id }));
    clock = new Date(T0.getTime() + HOUR);
    announced.length = 0;
    // Nobody but the buyer: no token, a made-up token, another user, the token of another reservation.
    const stranger = await reserveCar(ctx(), request(await slugOf("c8")));
    for (const owner of [{}, { token: "x".repeat(43) }, { userId: other.id }, { token: stranger.ownerToken }]) {
      await expect(cancelReservation(ctx(), out.reservation.id, owner)).rejects.toMatchObject({ status: 403, message: NOT_THE_BUYER });
    }
    expect((await getReservation(ctx(), out.reservation.id))!.status).toBe("held");
    expect(await heldVehicleIds(h.db, clock, ["c6"])).toEqual(new Set(["c6"]));
    const [stored] = await h.db.select().from(reservations).where(eq(reservations.id, out.reservation.id));
    expect(stored.ownerTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.ownerTokenHash).not.toContain(out.ownerToken);
    // The buyer's browser (its token) or the buyer signed in.
    expect(await ownsReservation(ctx(), out.reservation.id, { token: out.ownerToken })).toBe(true);
    expect(await ownsReservation(ctx(), out.reservation.id, { userId: user.id })).toBe(true);
    announced.length = 0;
    const cancelled = await cancelReservation(ctx(), out.reservation.id, { token: out.ownerToken });
    expect(cancelled.status).toBe("cancelled");
    expect(announced).toContain("c6");
    expect(await heldVehicleIds(h.db, clock, ["c6"])).toEqual(new Set());
    const [pay] = await h.db.select().from(embeddedPayments).where(eq(embeddedPayments.id, out.reservation.paymentReference!));
    expect(pay.status).toBe("refunded");
    expect((await cancelReservation(ctx(), out.reservation.id, { userId: user.id })).status).toBe("cancelled");
    const notes = await h.db.select().from(leads).where(eq(leads.idempotencyKey, `reservation-cancel:${out.reservation.id}`));
    expect(notes).toHaveLength(1);
    // My Garage: the visitor's own reservations only.
    const mine = await reservationsForUser(h.db, "alpha", user.id, clock);
    expect(mine.map((r) => [r.id, r.status])).toEqual([[out.reservation.id, "cancelled"]]);
    expect(await reservationsForUser(h.db, "alpha", other.id, clock)).toEqual([]);
    expect(await reservationsForUser(h.db, "beta", user.id, clock)).toEqual([]);
    // A hold that ended cannot be cancelled online.
    const later = await reserveCar(ctx(), request(await slugOf("c6"), { userId: user.id }));
    clock = new Date(clock.getTime() + 49 * HOUR);
    await expect(cancelReservation(ctx(), later.reservation.id, { token: later.ownerToken })).rejects.toThrow(HOLD_ENDED);
    expect((await reservationsForUser(h.db, "alpha", user.id, clock))[0].status).toBe("expired");
  });

  it("sold, unpriced, unknown and other sites' cars cannot be reserved; a site without reserve online refuses", async (t) => {
    db.need(t);
    clock = T0;
    await expect(reserveCar(ctx(), request(await slugOf("sold")))).rejects.toMatchObject({ status: 409, reason: "unavailable" });
    await expect(reserveCar(ctx(), request(await slugOf("free")))).rejects.toMatchObject({ status: 409, reason: "unpriced" });
    // The message names the vehicle's kind (issue 29).
    await expect(reserveCar(ctx(), request(await slugOf("sold")))).rejects.toMatchObject({ message: "This car is no longer available. This car has sold or is no longer listed, so it cannot be reserved online." });
    await expect(reserveCar(ctx(), request(await slugOf("van-sold")))).rejects.toMatchObject({
      status: 409,
      reason: "unavailable",
      message: "This caravan is no longer available. This caravan has sold or is no longer listed, so it cannot be reserved online.",
    });
    await expect(reserveCar(ctx(), request("no-such-car"))).rejects.toMatchObject({ status: 404 });
    const off = { ...ctx(), tenant: { ...tenant, features: { ...tenant.features, reserveOnline: { ...tenant.features.reserveOnline, enabled: false } } } };
    await expect(reserveCar(off, request(await slugOf("c3")))).rejects.toMatchObject({ status: 404 });
    await expect(reserveCar(ctx(), request(await slugOf("c3"), { kind: "purchase" }))).rejects.toMatchObject({ status: 404 });
  });
});

/** `db` for one caller: its first `select` runs at once; every later query (a builder's `then`) waits for `gate`. */
function gatedAfterFirstSelect(db: DbHandle["db"], gate: Promise<void>): DbHandle["db"] {
  let selects = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop) {
        const value = Reflect.get(obj, prop, obj);
        if (prop === "then" && typeof value === "function") {
          return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => gate.then(() => value.call(obj, resolve, reject));
        }
        if (typeof value === "function") {
          return (...args: unknown[]) => {
            const out = value.apply(obj, args);
            return out && typeof out === "object" ? wrap(out) : out;
          };
        }
        return value && typeof value === "object" ? wrap(value) : value;
      },
    });
  return new Proxy(db, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj);
      if (prop === "select" && selects++ === 0) return value.bind(obj);
      if (prop === "select") return (...args: unknown[]) => wrap((value as (...a: unknown[]) => object).apply(obj, args));
      if (prop === "query") return wrap(value as object);
      return typeof value === "function" ? value.bind(obj) : value;
    },
  });
}
