/** The dealer's lead and the buyer's e-mail of a held reservation, and the sweep's catch-up of leads never stored. */
import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { leadDeliveries, reservations } from "../db/schema";
import { vehicleTerms } from "../../domain/vehicle-terms";
import { formatMoney } from "../../domain/vehicle-display";
import { publicPageUrl } from "../../domain/hosts";
import { getVehicle } from "../inventory/store";
import type { StoredVehicle } from "../inventory/vehicle";
import { storeLead } from "../leads/store";
import { validateLead, type Lead } from "../leads/validation";
import { getLiveDocument } from "../tenants/store";
import { reservationLinkKey, reservationLinkPath } from "./owner";
import { PURCHASE_SUBCATEGORY, RESERVE_CATEGORY, type ReservationContext, type ReservationRow as Row } from "./reservation";

/**
 * The dealer's lead for a held reservation (once: the lead's idempotency key is the reservation's),
 * with its server-side analytics events as planned when the visitor started it (queued with the lead,
 * so only once too); the plan is then cleared from the reservation.
 */
export async function sendReservationLead(ctx: Pick<ReservationContext, "db" | "tenant">, row: Row, car: StoredVehicle): Promise<Row> {
  const { db, tenant } = ctx;
  const dealership = tenant.dealerships.find((d) => d.id === car.dealership_id) ?? tenant.dealerships[0];
  const lead = reservationLead(tenant, row, car);
  const { leadId } = await storeLead(
    db,
    {
      lead,
      site: { slug: tenant.identity.slug, name: tenant.identity.name, currency: tenant.identity.currency },
      dealership: { id: dealership.id, name: dealership.name, leadEmail: dealership.leadEmail, crmUrl: dealership.crmUrl, phone: dealership.phone },
      vehicle: car,
    },
    `reservation:${row.id}`,
    { events: row.leadEvents },
  );
  const [updated] = await db.update(reservations).set({ leadId, leadEvents: null }).where(eq(reservations.id, row.id)).returning();
  // The buyer's confirmation, with the link that opens the reservation anywhere (once: one per lead).
  const email = buyerEmail(tenant, row, car, dealership);
  if (row.contact.email) await db.insert(leadDeliveries).values({ leadId, channel: "buyer", target: row.contact.email, subject: email.subject, body: email.text }).onConflictDoNothing();
  return updated;
}

/** The e-mail that confirms a held reservation to its buyer, with the link that opens it (and cancels it within the hold). */
export function buyerEmail(tenant: TenantDocument, row: Row, car: StoredVehicle, dealership: { name: string; phone?: string }): { subject: string; text: string } {
  const c = row.contact;
  const terms = vehicleTerms(car);
  const title = `${car.year} ${car.make} ${car.model}`;
  const deposit = formatMoney(row.deposit / 100, tenant.identity, row.deposit % 100 ? 2 : 0);
  const hold = row.holdUntil ? new Date(row.holdUntil).toLocaleString("en-AU", { timeZone: tenant.identity.timeZone, dateStyle: "full", timeStyle: "short" }) : null;
  const origin = c.origin ?? publicPageUrl(tenant.identity.domains, "/")?.replace(/\/$/, "") ?? "";
  const link = `${origin}${reservationLinkPath(row.id)}?key=${reservationLinkKey(row.id)}`;
  const text = [
    `Hi ${c.first_name},`,
    "",
    `${row.kind === "purchase" ? "Your order" : `Your ${terms.noun} is reserved`}: ${title} (stock ${car.stocknum}) at ${tenant.identity.name}.`,
    `Deposit: ${deposit}, payment reference ${row.paymentId}.`,
    ...(hold ? [`We hold it for you until ${hold} (${tenant.identity.timeZone}).`] : []),
    "",
    "To see your reservation, or to cancel it while it is held, open:",
    link,
    "Anyone with this link can cancel the reservation, so please keep it to yourself.",
    "",
    `${dealership.name}${dealership.phone ? ` · ${dealership.phone}` : ""}`,
  ].join("\n");
  return { subject: `${tenant.identity.name}: your reservation of the ${title}`.slice(0, 200), text };
}

export function reservationLead(tenant: TenantDocument, row: Row, car: StoredVehicle): Lead {
  const c = row.contact;
  const p = row.purchase;
  const hold = row.holdUntil ? new Date(row.holdUntil) : null;
  const deposit = formatMoney(row.deposit / 100, tenant.identity, row.deposit % 100 ? 2 : 0);
  const message =
    `${row.kind === "purchase" ? "Online purchase" : "Reserve online"}: deposit of ${deposit} paid (payment reference ${row.paymentId}). ` +
    (hold ? `The car is held until ${hold.toLocaleString("en-AU", { timeZone: tenant.identity.timeZone, dateStyle: "full", timeStyle: "short" })} (${tenant.identity.timeZone}).` : "");
  const candidate = {
    ...(c.url ? { url: c.url } : {}),
    source: "Website",
    car_id: car.id,
    car_dealership_id: car.dealership_id,
    form: "reserve",
    category: RESERVE_CATEGORY,
    ...(row.kind === "purchase" ? { subcategory: PURCHASE_SUBCATEGORY } : {}),
    fields: {
      first_name: c.first_name,
      ...(c.last_name ? { last_name: c.last_name } : {}),
      email: c.email,
      phone: c.phone,
      ...(p?.postcode ? { postcode: p.postcode } : {}),
      message,
      stock_number: car.stocknum,
      payment_reference: row.paymentId,
      deposit_amount: row.deposit / 100,
      ...(hold ? { hold_until: hold.toISOString() } : {}),
      ...(p?.payment ? { purchase_payment: p.payment } : {}),
      ...(p?.delivery ? { purchase_delivery: p.delivery } : {}),
    },
    isLastStep: true,
  };
  const checked = validateLead(candidate);
  if (!checked.ok) throw new Error(`the reservation's lead does not validate: ${checked.errors.map((e) => `${e.pointer} ${e.message}`).join("; ")}`);
  return checked.lead;
}

/** How long a paid reservation may go without its lead before the sweep sends it. */
export const MISSING_LEAD_GRACE_MS = 60_000;

/**
 * Paid reservations whose dealer lead was never stored (the process stopped between the hold and
 * the lead) get it now. The lead's idempotency key is the reservation's, so one stored but not yet
 * linked is linked, not sent twice. Returns how many were sent or linked.
 */
export async function sendMissingLeads(db: Db, now: Date): Promise<number> {
  const rows = await db
    .select()
    .from(reservations)
    .where(and(inArray(reservations.status, ["held", "expired", "cancelled"]), isNull(reservations.leadId), lte(reservations.updatedAt, new Date(now.getTime() - MISSING_LEAD_GRACE_MS))))
    .limit(50);
  let sent = 0;
  for (const row of rows) {
    const [live, car] = await Promise.all([getLiveDocument(db, row.site), getVehicle(db, row.vehicleId)]);
    if (!live || !car) continue;
    try {
      await sendReservationLead({ db, tenant: live.document as TenantDocument }, row, car);
      sent++;
    } catch (e) {
      console.error(`[reservations] the lead of reservation ${row.id} could not be stored:`, (e as Error).message);
    }
  }
  return sent;
}
