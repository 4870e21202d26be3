/** A reservation as the site shows it: its kinds and statuses, the texts a buyer reads, the site's deposit terms. */
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import type { reservations } from "../db/schema";
import { reserveIneligibleText, type ReserveIneligible } from "../../domain/vdp-rules";
import { formatMoney } from "../../domain/vehicle-display";
import type { CardInput } from "../../domain/payment-card";
import { HttpError } from "../errors";
import type { PaymentProvider } from "../payments/provider";
import type { LeadVisitor } from "../leads/lead-events";

export type ReservationKind = "reserve" | "purchase";
export type ReservationStatus = (typeof reservations.$inferSelect)["status"];
export type ReservationRow = typeof reservations.$inferSelect;

export const RESERVE_CATEGORY = "Reserve Online";
export const PURCHASE_SUBCATEGORY = "Online Purchase";
export const LOST_RACE = (deposit: string) => `Another buyer reserved this car a moment before you. Your deposit of ${deposit} has been refunded.`;
export const GONE_BEFORE_PAID = (deposit: string) => `This car can no longer be reserved. Your deposit of ${deposit} has been refunded.`;
export const HOLD_ENDED = "This reservation's hold has ended, so it can no longer be cancelled online. Please contact us.";
/** A payment not finished within this time (a 3-D Secure challenge left open) is given up by the sweep. */
export const ABANDON_AFTER_MS = 60 * 60 * 1000;
export const ABANDONED = "The payment was not completed, so the car was not reserved.";

export interface ReservationContext {
  db: Db;
  tenant: TenantDocument;
  provider: PaymentProvider;
  now?: () => Date;
}

export interface Contact {
  first_name: string;
  last_name?: string;
  email: string;
  phone: string;
}

export interface PurchaseChoices {
  payment: "Cash" | "Finance" | "Trade-in";
  delivery: "Pick-up" | "Delivery";
  postcode?: string;
}

export interface ReserveRequest {
  slug: string;
  kind: ReservationKind;
  contact: Contact;
  purchase?: PurchaseChoices;
  card: CardInput;
  idempotencyKey: string;
  /** The signed-in site user (server/auth/sessions.ts), when there is one. */
  userId?: number | null;
  /** The page the visitor reserved from (for the lead). */
  url?: string;
  /** The site's origin the request came to (https://host): a hosted payment page sends the shopper back there. */
  origin?: string;
  /** The visitor's cookies, address and browser: for the lead's server-side analytics events, when they consented. */
  visitor?: LeadVisitor;
}

export interface ReservationView {
  id: string;
  site: string;
  kind: ReservationKind;
  status: ReservationStatus;
  vehicleId: string;
  userId: number | null;
  /** Minor units. */
  deposit: number;
  currency: string;
  holdHours: number;
  holdUntil: Date | null;
  paymentReference: string | null;
  failureMessage: string | null;
  leadId: string | null;
  contact: Record<string, string>;
  purchase: Record<string, string> | null;
  createdAt: Date;
  releasedAt: Date | null;
}

export type ReserveOutcome = (
  | { status: "held"; reservation: ReservationView }
  | { status: "requires_action"; reservation: ReservationView; redirectUrl: string }
  | { status: "declined"; reservation: ReservationView; message: string }
  | { status: "pending"; reservation: ReservationView }
) & {
  /** The buyer's token (only its hash is stored): their browser's cookie (ownerCookie). A replay gets a new one. */
  ownerToken: string;
};


/** The car cannot be reserved (409), with the reason the page shows, in the words of its kind ("This caravan is already reserved"). */
export class ReservationUnavailableError extends HttpError {
  constructor(
    readonly reason: ReserveIneligible,
    noun = "car",
  ) {
    const text = reserveIneligibleText(reason, noun);
    super(409, text.title + ". " + text.text);
  }
  override body() {
    return { message: this.message, reason: this.reason };
  }
}

/** The site's deposit terms (features.reserveOnline: $200 and 48 hours unless set). */
export function depositTerms(tenant: TenantDocument) {
  const r = tenant.features.reserveOnline;
  const deposit = r.deposit ?? 200;
  return {
    deposit,
    minor: Math.round(deposit * 100),
    currency: tenant.identity.currency,
    holdHours: r.holdHours ?? 48,
    text: formatMoney(deposit, tenant.identity, Number.isInteger(deposit) ? 0 : 2),
  };
}

/** Whether the site takes this kind of deposit: reserve online, or the online purchase journey. */
export const kindEnabled = (tenant: TenantDocument, kind: ReservationKind) =>
  kind === "purchase" ? tenant.features.onlinePurchase === true : tenant.features.reserveOnline.enabled === true;

/** Where a reservation's confirmation page is. */
export const confirmationPath = (slug: string, id: string) => `/cars/${slug}/reservation/${id}`;

export function reservationView(r: ReservationRow): ReservationView {
  return {
    id: r.id,
    site: r.site,
    kind: r.kind,
    status: r.status,
    vehicleId: r.vehicleId,
    userId: r.userId,
    deposit: r.deposit,
    currency: r.currency,
    holdHours: r.holdHours,
    holdUntil: r.holdUntil ? new Date(r.holdUntil) : null,
    paymentReference: r.status === "pending" || r.status === "failed" ? null : r.paymentId,
    failureMessage: r.failureMessage,
    leadId: r.leadId,
    contact: r.contact,
    purchase: r.purchase ?? null,
    createdAt: new Date(r.createdAt),
    releasedAt: r.releasedAt ? new Date(r.releasedAt) : null,
  };
}
