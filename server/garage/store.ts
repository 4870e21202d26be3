/**
 * My Garage (spec leads §2 garage pages, issue 16): what one signed-in visitor of one site has —
 * the cars they saved (watchlist), their enquiries, service bookings and trade-in offers — and
 * nothing of anyone else's. Every read is scoped to the site and to the user id their session
 * gives; leads are theirs by leads.user_id (stored when a signed-in visitor sent them).
 * Reservations come from the checkout's own store (server/reservations/store.ts).
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { TRADE_IN_STAGES, type TradeInStage } from "../../domain/trade-in";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { leads, tradeInEvaluations, vehicles } from "../db/schema";
import type { StoredVehicle } from "../inventory/store";
import type { Lead } from "../leads/store";
import type { Valuation, ValuationVehicle } from "../valuation/store";
import { reservationsForUser } from "../reservations/store";
import { savedVehicles } from "../watchlist/store";
import { savedSearchesOfUser } from "../saved-searches/store";
import { savedSearchQuery } from "../../domain/saved-search";

/** At most this many of each list are shown (newest first). */
export const GARAGE_LIST_LIMIT = 50;

/** An enquiry or a service booking as My Garage lists it. */
export interface GarageLead {
  id: string;
  form: Lead["form"];
  category: string;
  /** The dealership it went to (its name on the site), when still on the site. */
  dealership: string | null;
  /** The car it is about: the site's car (link to its page) or the make/model/year it names. */
  car: { title: string; slug: string | null } | null;
  message: string | null;
  /** Service bookings: the preferred date and time as sent; whether the booking was completed. */
  preferredDate: string | null;
  complete: boolean;
  sentAt: Date;
}

/** A trade-in evaluation of theirs that reached a lead. */
export interface GarageTradeIn {
  id: string;
  car: string;
  rego: string;
  state: string;
  stage: TradeInStage;
  stageLabel: string;
  /** The online offer (whole dollars) and until when it stands; null when there was no online figure. */
  offerPrice: number | null;
  validUntil: string | null;
  sentAt: Date;
}

/** A reservation as My Garage lists it. */
export interface GarageReservation {
  id: string;
  car: { title: string; slug: string | null };
  /** The deposit paid, in the site's currency (whole units; cents as decimals). */
  deposit: number;
  /** The payment reference the dealer was sent. */
  reference: string;
  /** Reserved while the hold runs; Hold lapsed or Cancelled, deposit refunded afterwards. */
  status: string;
  /** ISO date-time the hold ends (while reserved). */
  holdUntil: string | null;
}

const RESERVATION_STATUS: Record<string, string> = { held: "Reserved", expired: "Hold lapsed", cancelled: "Cancelled, deposit refunded" };

/** A saved search with alerts (issue 34), as My Garage lists it. */
export interface GarageSavedSearch {
  id: string;
  label: string;
  /** The search on the site (path and query). */
  href: string;
  confirmed: boolean;
}

export interface Garage {
  savedCars: StoredVehicle[];
  savedSearches: GarageSavedSearch[];
  reservations: GarageReservation[];
  enquiries: GarageLead[];
  serviceBookings: GarageLead[];
  tradeIns: GarageTradeIn[];
}

const text = (v: unknown, max = 500): string | null => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);

function carOf(lead: Lead, siteCars: Map<string, StoredVehicle>): GarageLead["car"] {
  const car = lead.car_id ? siteCars.get(lead.car_id) : undefined;
  if (car) return carTitle(car);
  const f = lead.fields;
  const named = [f.vehicle_year, text(f.vehicle_make, 80), text(f.vehicle_model, 80)].filter(Boolean).join(" ");
  return named ? { title: named, slug: null } : null;
}

/** The site's shown cars of these ids (a car of another site, hidden or gone is left out). */
async function siteCarsById(db: Db, tenant: Pick<TenantDocument, "dealerships">, carIds: string[]): Promise<Map<string, StoredVehicle>> {
  const dealershipIds = tenant.dealerships.map((d) => d.id);
  const siteCars = new Map<string, StoredVehicle>();
  if (carIds.length && dealershipIds.length) {
    const cars = await db
      .select({ id: vehicles.id, data: vehicles.data })
      .from(vehicles)
      .where(and(inArray(vehicles.id, carIds), inArray(vehicles.dealershipId, dealershipIds), eq(vehicles.showOnDealerWebsite, true)));
    for (const c of cars) siteCars.set(c.id, c.data as StoredVehicle);
  }
  return siteCars;
}

const carTitle = (car: StoredVehicle) => ({ title: `${car.year} ${car.make} ${car.model}`, slug: car.slug ?? null });

/** The user's reservations on the site (held, lapsed, cancelled), newest first. */
async function userReservations(db: Db, tenant: Pick<TenantDocument, "identity" | "dealerships">, userId: number): Promise<GarageReservation[]> {
  const list = (await reservationsForUser(db, tenant.identity.slug, userId)).slice(0, GARAGE_LIST_LIMIT);
  const cars = await siteCarsById(db, tenant, [...new Set(list.map((r) => r.vehicleId))]);
  return list.map((r) => {
    const car = cars.get(r.vehicleId);
    return {
      id: r.id,
      car: car ? carTitle(car) : { title: "A car no longer listed", slug: null },
      deposit: r.deposit / 100,
      reference: r.paymentReference ?? "",
      status: RESERVATION_STATUS[r.status] ?? r.status,
      holdUntil: r.status === "held" && r.holdUntil ? r.holdUntil.toISOString() : null,
    };
  });
}

/** The user's leads on the site, newest first (trade-in leads are listed with their evaluation instead). */
async function userLeads(db: Db, tenant: Pick<TenantDocument, "identity" | "dealerships">, userId: number) {
  const rows = await db
    .select({ id: leads.id, payload: leads.payload, dealershipId: leads.dealershipId, createdAt: leads.createdAt })
    .from(leads)
    .where(and(eq(leads.tenant, tenant.identity.slug), eq(leads.userId, userId)))
    .orderBy(desc(leads.createdAt), leads.id)
    .limit(GARAGE_LIST_LIMIT * 3);
  const list = rows.map((r) => ({ ...r, lead: r.payload as Lead })).filter((r) => r.lead.form !== "trade-in");
  const carIds = [...new Set(list.map((r) => r.lead.car_id).filter((id): id is string => typeof id === "string"))];
  const siteCars = await siteCarsById(db, tenant, carIds);
  return list.map(
    (r): GarageLead => ({
      id: r.id,
      form: r.lead.form,
      category: r.lead.category ?? "",
      dealership: tenant.dealerships.find((d) => d.id === r.dealershipId)?.name ?? null,
      car: carOf(r.lead, siteCars),
      message: text(r.lead.fields.message),
      preferredDate: text(r.lead.fields.preferred_date, 40),
      complete: r.lead.form !== "service" || r.lead.isLastStep !== false,
      sentAt: r.createdAt,
    }),
  );
}

/** The user's trade-in evaluations on the site that reached a lead (their details were sent), newest first. */
async function userTradeIns(db: Db, site: string, userId: number): Promise<GarageTradeIn[]> {
  const rows = await db
    .select({ e: tradeInEvaluations })
    .from(tradeInEvaluations)
    .innerJoin(leads, eq(leads.id, tradeInEvaluations.leadId))
    .where(and(eq(tradeInEvaluations.site, site), eq(leads.tenant, site), eq(leads.userId, userId), isNotNull(tradeInEvaluations.leadId)))
    .orderBy(desc(tradeInEvaluations.updatedAt), tradeInEvaluations.id)
    .limit(GARAGE_LIST_LIMIT);
  return rows.map(({ e }) => {
    const vehicle = e.answer.vehicle as ValuationVehicle | undefined;
    const valuation = e.answer.valuation as Valuation | undefined;
    const stage = e.stage as TradeInStage;
    return {
      id: e.id,
      car: vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : e.rego,
      rego: e.rego,
      state: e.state,
      stage,
      stageLabel: TRADE_IN_STAGES[stage] ?? stage,
      offerPrice: valuation?.kind === "offer" ? valuation.offerPrice : null,
      validUntil: valuation?.kind === "offer" ? valuation.validUntil : null,
      sentAt: e.updatedAt,
    };
  });
}

/** Everything of the user's My Garage lists, on this site only. */
export async function garageFor(db: Db, tenant: Pick<TenantDocument, "identity" | "dealerships">, userId: number): Promise<Garage> {
  const [savedCars, searches, reservationList, all, tradeIns] = await Promise.all([
    savedVehicles(db, tenant, userId),
    savedSearchesOfUser(db, tenant.identity.slug, userId),
    userReservations(db, tenant, userId),
    userLeads(db, tenant, userId),
    userTradeIns(db, tenant.identity.slug, userId),
  ]);
  return {
    savedCars: savedCars.slice(0, GARAGE_LIST_LIMIT),
    savedSearches: searches.map((s) => ({ id: s.id, label: s.label, href: `${s.path}${savedSearchQuery(s.state)}`, confirmed: s.status === "active" })),
    reservations: reservationList,
    enquiries: all.filter((l) => l.form !== "service").slice(0, GARAGE_LIST_LIMIT),
    serviceBookings: all.filter((l) => l.form === "service").slice(0, GARAGE_LIST_LIMIT),
    tradeIns,
  };
}
