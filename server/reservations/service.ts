/**
 * Reserve online and online purchase (spec leads §2 routes, §4 car status, §9 reserve online): a
 * visitor pays the site's deposit (features.reserveOnline.deposit, $200 by default) through the
 * payment provider, and the car is held for the site's holdHours (48 by default):
 *   - a paid deposit holds the car at once — search and the vehicle page show it RESERVED, with no
 *     Reserve buttons (server/inventory/holds.ts; the change is announced to the search index
 *     like a feed write) — and sends the dealer a lead with the payment reference (leads outbox);
 *   - a declined or abandoned payment, or one still waiting for 3-D Secure, holds nothing;
 *   - one held reservation per car, decided by the database (a partial unique index): of two
 *     visitors paying at once, the second is refunded at once and told so;
 *   - the hold lapses at hold_until: lazily when read, and by the sweep (server/reservations/sweep.ts);
 *   - the visitor may cancel within the hold from the confirmation page: the deposit is refunded.
 * Beside this file: the reservation's kinds, texts and deposit terms (./reservation.ts), who owns it
 * (./owner.ts), and its dealer lead and buyer e-mail (./lead.ts).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db";
import { reservations, vehicles } from "../db/schema";
import { NOT_THE_BUYER, reserveIneligibility } from "../../domain/vdp-rules";
import { vehicleTerms } from "../../domain/vehicle-terms";
import { formatMoney } from "../../domain/vehicle-display";
import { HttpError, NotFoundError } from "../errors";
import { announceVehiclesChanged, notifyVehiclesChanged } from "../inventory/changes";
import { getVehicle } from "../inventory/store";
import { siteVehicleBySlug } from "../inventory/vdp";
import { payloadHash, storeLead } from "../leads/store";
import { planLeadEvents } from "../leads/lead-events";
import { newOwnerToken } from "../http/owner-token";
import type { Payment } from "../payments/provider";
import { reservationLead, sendReservationLead } from "./lead";
import { ownsReservation, type ReservationOwner } from "./owner";
import { ABANDON_AFTER_MS, ABANDONED, confirmationPath, depositTerms, GONE_BEFORE_PAID, HOLD_ENDED, kindEnabled, LOST_RACE, reservationView as view, ReservationUnavailableError } from "./reservation";
import type { ReservationContext, ReservationRow as Row, ReservationView, ReserveOutcome, ReserveRequest } from "./reservation";

export { NOT_THE_BUYER };

const uniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
};

/** Tells the search index, the page cache and other processes that these cars changed (inside the transaction, then after it). */
async function touchVehicles(tx: Db, ids: string[], now: Date) {
  if (!ids.length) return;
  await tx.update(vehicles).set({ updatedAt: now }).where(inArray(vehicles.id, ids));
  await notifyVehiclesChanged(tx, ids, "upsert");
}

/**
 * Reserves a car: checks it can be reserved, records the attempt (one per Idempotency-Key; the same
 * key with other details is refused), takes the deposit and — when paid — holds the car. A card the
 * provider refuses as malformed throws its CardError (422) and records nothing.
 */
export async function reserveCar(ctx: ReservationContext, req: ReserveRequest): Promise<ReserveOutcome> {
  const { db, tenant, provider } = ctx;
  const now = ctx.now?.() ?? new Date();
  const site = tenant.identity.slug;
  if (!kindEnabled(tenant, req.kind)) throw new NotFoundError(req.kind === "purchase" ? "This site does not sell cars online." : "This site does not take online reservations.");
  const hash = payloadHash({ slug: req.slug, kind: req.kind, contact: req.contact, purchase: req.purchase ?? null });

  /** The answer to a retry of this key, or null when the key is new. */
  const replay = async (): Promise<ReserveOutcome | null> => {
    const [existing] = await db.select().from(reservations).where(and(eq(reservations.site, site), eq(reservations.idempotencyKey, req.idempotencyKey)));
    if (!existing) return null;
    if (existing.requestHash !== hash) throw new HttpError(409, "This Idempotency-Key was already used for a different reservation; send a new key.");
    // A retry (its first answer and cookie may have been lost): the key is the buyer's secret, so the
    // sender is the buyer; a new token replaces the old.
    const owner = newOwnerToken();
    await db.update(reservations).set({ ownerTokenHash: owner.hash }).where(eq(reservations.id, existing.id));
    return { ...outcomeOf(existing), ownerToken: owner.token };
  };
  const replayed = await replay();
  if (replayed) return replayed;

  await releaseLapsed(db, now);
  const car = await siteVehicleBySlug(db, tenant, req.slug);
  if (!car) throw new NotFoundError("There is no such car on this site.");
  const reason = reserveIneligibility(car, { enabled: true });
  // The same key sent at the same moment may have reserved the car since the check above: its replay, not "reserved".
  const late = reason ? await replay() : null;
  if (late) return late;
  if (reason) throw new ReservationUnavailableError(reason, vehicleTerms(car).noun);

  const terms = depositTerms(tenant);
  // Planned now, from the visitor's own request: the lead is stored later, maybe from the payment
  // provider's webhook, which has no visitor cookies. Only what the events need is kept (no cookie).
  const leadEvents = req.visitor ? await planLeadEvents(db, site, tenant, req.visitor) : null;
  const id = randomUUID();
  const owner = newOwnerToken();
  // The provider checks the card before anything is recorded (CardError, 422).
  const payment = await provider.createPayment(
    {
      amount: terms.minor, currency: terms.currency, description: `${req.kind === "purchase" ? "Online purchase" : "Reservation"} deposit: ${car.year} ${car.make} ${car.model} (stock ${car.stocknum})`.slice(0, 500), metadata: { site, reservation: id, vehicle: car.id },
      // A hosted payment page (Stripe Checkout) sends the shopper back to the confirmation, or to the form when they leave it.
      ...(req.origin ? { returnUrls: { success: req.origin + confirmationPath(car.slug, id), cancel: req.origin + (req.kind === "purchase" ? `/checkout-journey?car_id=${car.slug}` : `/cars/${car.slug}/${tenant.features.reserveOnline.route ?? "checkout"}`) } } : {}),
    },
    `reservation:${id}`,
  );
  const inserted = await db
    .insert(reservations)
    .values({
      id,
      site,
      idempotencyKey: req.idempotencyKey,
      requestHash: hash,
      kind: req.kind,
      vehicleId: car.id,
      dealershipId: car.dealership_id,
      userId: req.userId ?? null,
      ownerTokenHash: owner.hash,
      status: "pending",
      deposit: terms.minor,
      currency: terms.currency,
      holdHours: terms.holdHours,
      contact: { ...req.contact, ...(req.url ? { url: req.url } : {}), ...(req.origin ? { origin: req.origin } : {}) } as Record<string, string>,
      purchase: req.purchase ? ({ ...req.purchase } as Record<string, string>) : null,
      paymentProvider: provider.name,
      paymentId: payment.id,
      leadEvents,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [reservations.site, reservations.idempotencyKey] })
    .returning();
  if (!inserted.length) return reserveCar(ctx, req); // the same key at the same moment: answer as its replay

  let confirmed: Payment;
  try {
    // A hosted provider answers with its payment page at once (requires_action): no card is sent.
    confirmed = provider.flow === "hosted" ? payment : await provider.confirmPayment(payment.id, req.card, { returnUrl: confirmationPath(car.slug, id) });
  } catch (e) {
    // A malformed card: nothing was charged; the attempt is closed so it holds nothing.
    await db.update(reservations).set({ status: "failed", failureMessage: (e as Error).message, leadEvents: null, updatedAt: now }).where(eq(reservations.id, id));
    throw e;
  }
  if (confirmed.status === "requires_action" && confirmed.nextAction) {
    const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
    return { status: "requires_action", reservation: view(row), redirectUrl: confirmed.nextAction.url, ownerToken: owner.token };
  }
  const row = await finalizeReservation(ctx, id);
  return { ...outcomeOf(row), ownerToken: owner.token };
}

function outcomeOf(row: Row): DistributiveOmit<ReserveOutcome, "ownerToken"> {
  const v = view(row);
  if (row.status === "held") return { status: "held", reservation: v };
  if (row.status === "failed") return { status: "declined", reservation: v, message: row.failureMessage ?? "The payment did not go through." };
  if (row.status === "pending") return { status: "pending", reservation: v };
  return { status: "held", reservation: v };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Moves a pending reservation on from its payment's status (after the card was charged, or when
 * the shopper returns from the 3-D Secure challenge): succeeded → held (or, when another visitor's
 * hold won or the car went meanwhile, refunded and failed); failed → failed; otherwise still pending.
 * Safe to call any number of times.
 */
export async function finalizeReservation(ctx: ReservationContext, id: string): Promise<Row> {
  const { db, tenant, provider } = ctx;
  const now = ctx.now?.() ?? new Date();
  const [row] = await db.select().from(reservations).where(and(eq(reservations.id, id), eq(reservations.site, tenant.identity.slug)));
  if (!row) throw new NotFoundError("There is no such reservation on this site.");
  if (row.status !== "pending" || !row.paymentId) return row;
  const payment = await provider.getPayment(row.paymentId);
  if (!payment) return row;
  const deposit = formatMoney(row.deposit / 100, tenant.identity, row.deposit % 100 ? 2 : 0);
  const fail = async (message: string) => {
    const [failed] = await db
      .update(reservations)
      .set({ status: "failed", failureMessage: message, leadEvents: null, updatedAt: now })
      .where(and(eq(reservations.id, id), eq(reservations.status, "pending")))
      .returning();
    return failed ?? (await db.select().from(reservations).where(eq(reservations.id, id)))[0];
  };
  if (payment.status === "failed") return fail(payment.failure?.message ?? "The payment did not go through.");
  if (payment.status !== "succeeded") return row;

  const refund = async (message: string) => {
    await provider.refundPayment(payment.id, `refund:${id}`);
    return fail(message);
  };
  // The car may have sold, or been marked reserved by the dealer, while the shopper paid.
  const car = await getVehicle(db, row.vehicleId);
  if (!car || reserveIneligibility(car, { enabled: true })) {
    return refund(GONE_BEFORE_PAID(deposit));
  }
  const holdUntil = new Date(now.getTime() + row.holdHours * 3600_000);
  let held: Row | undefined;
  try {
    held = await db.transaction(async (tx) => {
      // A lapsed hold on this car gives way first (released lazily, here).
      await tx
        .update(reservations)
        .set({ status: "expired", releasedAt: now, updatedAt: now })
        .where(and(eq(reservations.vehicleId, row.vehicleId), eq(reservations.status, "held"), lte(reservations.holdUntil, now)));
      const [h] = await tx
        .update(reservations)
        .set({ status: "held", holdUntil, updatedAt: now })
        .where(and(eq(reservations.id, id), eq(reservations.status, "pending")))
        .returning();
      if (h) await touchVehicles(tx, [row.vehicleId], now);
      return h;
    });
  } catch (e) {
    if (!uniqueViolation(e)) throw e;
    return refund(LOST_RACE(deposit));
  }
  if (!held) return (await db.select().from(reservations).where(eq(reservations.id, id)))[0];
  announceVehiclesChanged([row.vehicleId], "upsert");
  return sendReservationLead(ctx, held, car);
}

/**
 * Ends the holds that lapsed by `now` (of one car, or all) and announces their cars; also closes
 * payments left unfinished for an hour. Returns the released cars' ids.
 */
export async function releaseLapsed(db: Db, now: Date, vehicleId?: string): Promise<string[]> {
  const lapsedWhere = and(eq(reservations.status, "held"), lte(reservations.holdUntil, now), vehicleId ? eq(reservations.vehicleId, vehicleId) : undefined);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(reservations).where(lapsedWhere);
  let released: string[] = [];
  if (Number(n) > 0) {
    released = await db.transaction(async (tx) => {
      const rows = await tx.update(reservations).set({ status: "expired", releasedAt: now, updatedAt: now }).where(lapsedWhere).returning({ vehicleId: reservations.vehicleId });
      const ids = [...new Set(rows.map((r) => r.vehicleId))];
      await touchVehicles(tx, ids, now);
      return ids;
    });
    announceVehiclesChanged(released, "upsert");
  }
  if (!vehicleId) {
    await db
      .update(reservations)
      .set({ status: "failed", failureMessage: ABANDONED, leadEvents: null, updatedAt: now })
      .where(and(eq(reservations.status, "pending"), lte(reservations.createdAt, new Date(now.getTime() - ABANDON_AFTER_MS))));
  }
  return released;
}

/** One reservation of the site (its hold released first when it has lapsed); null for none. */
export async function getReservation(ctx: ReservationContext, id: string): Promise<ReservationView | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
  const now = ctx.now?.() ?? new Date();
  const [row] = await ctx.db.select().from(reservations).where(and(eq(reservations.id, id), eq(reservations.site, ctx.tenant.identity.slug)));
  if (!row) return null;
  if (row.status === "held" && row.holdUntil && new Date(row.holdUntil) <= now) {
    await releaseLapsed(ctx.db, now, row.vehicleId);
    const [again] = await ctx.db.select().from(reservations).where(eq(reservations.id, id));
    return view(again);
  }
  return view(row);
}

/**
 * Cancels a held reservation within its hold, for its buyer only (403 NOT_THE_BUYER for anyone else): the deposit is refunded through the provider and the
 * car released at once; the dealer gets a note of it. Cancelling a cancelled one answers it again.
 */
export async function cancelReservation(ctx: ReservationContext, id: string, owner: ReservationOwner): Promise<ReservationView> {
  const { db, tenant, provider } = ctx;
  const now = ctx.now?.() ?? new Date();
  const current = await getReservation(ctx, id);
  if (!current) throw new NotFoundError("There is no such reservation on this site.");
  if (!(await ownsReservation(ctx, id, owner))) throw new HttpError(403, NOT_THE_BUYER);
  if (current.status === "cancelled") return current;
  if (current.status !== "held") throw new HttpError(409, current.status === "expired" ? HOLD_ENDED : "Only a held reservation can be cancelled.");
  await provider.refundPayment(current.paymentReference!, `refund:${id}`);
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reservations)
      .set({ status: "cancelled", releasedAt: now, updatedAt: now })
      .where(and(eq(reservations.id, id), eq(reservations.status, "held")))
      .returning();
    if (row) await touchVehicles(tx, [row.vehicleId], now);
    return row;
  });
  if (!cancelled) return (await getReservation(ctx, id))!;
  announceVehiclesChanged([cancelled.vehicleId], "upsert");
  const car = await getVehicle(db, cancelled.vehicleId);
  if (car) {
    const dealership = tenant.dealerships.find((d) => d.id === car.dealership_id) ?? tenant.dealerships[0];
    const lead = reservationLead(tenant, cancelled, car);
    lead.subcategory = "Reservation Cancelled";
    lead.fields.message = `The buyer cancelled their reservation; the deposit (payment reference ${cancelled.paymentId}) was refunded and the car released.`;
    delete lead.fields.hold_until;
    await storeLead(
      db,
      {
        lead,
        site: { slug: tenant.identity.slug, name: tenant.identity.name, currency: tenant.identity.currency },
        dealership: { id: dealership.id, name: dealership.name, leadEmail: dealership.leadEmail, crmUrl: dealership.crmUrl, phone: dealership.phone },
        vehicle: car,
      },
      `reservation-cancel:${id}`,
    );
  }
  return view(cancelled);
}
