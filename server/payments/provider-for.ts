import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { EmbeddedPaymentProvider } from "./embedded";
import type { PaymentProvider } from "./provider";
import { StripePaymentProvider, stripeClient } from "./stripe";

/**
 * Which payment provider takes reserve-online deposits, from the settings:
 *   STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET)  → "stripe" (Stripe Checkout, server/payments/stripe.ts)
 *   PAYMENTS=test                                   → "test gateway" (the embedded provider), explicitly (staging)
 *   neither, NODE_ENV=production and DATABASE_URL   → "none — reservations refused": a real deployment
 *                                                     never takes deposits with test card numbers
 *   neither, otherwise (development, tests, the demo `npm start` on PGlite) → "test gateway"
 * A contradictory setting (PAYMENTS=stripe without a key, a key without its webhook secret, an
 * unknown PAYMENTS) refuses reservations too, and `problem` says why: npm start prints it at
 * start-up, GET /api/health reports it, and the server keeps serving everything else.
 */
export type PaymentsMode = "stripe" | "test" | "none";

export const PAYMENTS_LABEL: Record<PaymentsMode, string> = { stripe: "stripe", test: "test gateway", none: "none — reservations refused" };

/** What a shopper is told (503) where the site cannot take deposits on this deployment. */
export const RESERVATIONS_REFUSED = "Reserving online is not available on this site right now. Please call or enquire instead.";

export interface PaymentsSetting {
  mode: PaymentsMode;
  label: string;
  problem: string | null;
}

type Env = Record<string, string | undefined>;

export function paymentsSetting(env: Env = process.env): PaymentsSetting {
  const set = (name: string) => env[name]?.trim() || "";
  const choice = set("PAYMENTS").toLowerCase();
  const key = set("STRIPE_SECRET_KEY");
  const answer = (mode: PaymentsMode, problem: string | null = null): PaymentsSetting => ({ mode, label: PAYMENTS_LABEL[mode], problem });
  if (choice && choice !== "stripe" && choice !== "test") return answer("none", `PAYMENTS must be "stripe" or "test" (it is "${choice.slice(0, 20)}"): online reservations are refused until it is fixed.`);
  if (choice === "test") return answer("test");
  if (key) {
    if (!set("STRIPE_WEBHOOK_SECRET")) return answer("none", "STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not (Stripe's webhook signing secret, whsec_…): online reservations are refused until it is set.");
    return answer("stripe");
  }
  if (choice === "stripe") return answer("none", "PAYMENTS=stripe but STRIPE_SECRET_KEY is not set: online reservations are refused until it is.");
  if (env.NODE_ENV === "production" && set("DATABASE_URL")) return answer("none");
  return answer("test");
}

/** Whether this deployment refuses online reservations (no real provider in production). */
export const reservationsRefused = (env: Env = process.env) => paymentsSetting(env).mode === "none";

let stripe: { key: string; provider: StripePaymentProvider } | undefined;

/**
 * The process's payment provider: Stripe when its keys are set, otherwise the embedded test
 * gateway — also where reservations are refused, so a reservation made before can still be read
 * (POST /api/reservations refuses new ones before any provider is asked).
 */
export function paymentProvider(db: Db, clock?: () => Date): PaymentProvider {
  const active = stripeProvider();
  return active ? new WithTestPayments(active, new EmbeddedPaymentProvider(db, clock)) : new EmbeddedPaymentProvider(db, clock);
}

/** The Stripe provider (one client per key) where Stripe takes the deposits; null otherwise. */
export function stripeProvider(): StripePaymentProvider | null {
  if (paymentsSetting().mode !== "stripe") return null;
  const key = process.env.STRIPE_SECRET_KEY!.trim();
  if (stripe?.key !== key) stripe = { key, provider: new StripePaymentProvider(stripeClient(key)) };
  return stripe.provider;
}

/**
 * Stripe for new payments, and the test gateway still for its own (pay_…): a staging site moved
 * from PAYMENTS=test to Stripe can read and cancel the test reservations it holds.
 */
class WithTestPayments implements PaymentProvider {
  readonly name: string;
  readonly flow: PaymentProvider["flow"];
  constructor(
    private readonly active: PaymentProvider,
    private readonly test: EmbeddedPaymentProvider,
  ) {
    this.name = active.name;
    this.flow = active.flow;
  }
  private of = (paymentId: string) => (typeof paymentId === "string" && paymentId.startsWith("pay_") ? this.test : this.active);
  createPayment: PaymentProvider["createPayment"] = (request, key) => this.active.createPayment(request, key);
  confirmPayment: PaymentProvider["confirmPayment"] = (id, card, opts) => this.of(id).confirmPayment(id, card, opts);
  getPayment: PaymentProvider["getPayment"] = (id) => this.of(id).getPayment(id);
  refundPayment: PaymentProvider["refundPayment"] = (id, key) => this.of(id).refundPayment(id, key);
}

/**
 * The site's document as its pages draw it: where this deployment refuses reservations, without
 * reserve online and online purchase, so no card, car page, sticky bar or Reserve Online block
 * offers a Reserve or Buy Online button that would end at a refusal.
 */
export function withReservationsOffered<T extends { document: TenantDocument }>(live: T, env: Env = process.env): T {
  const f = live.document.features;
  if (!reservationsRefused(env) || (!f.reserveOnline.enabled && !f.onlinePurchase)) return live;
  return { ...live, document: { ...live.document, features: { ...f, reserveOnline: { ...f.reserveOnline, enabled: false }, onlinePurchase: false } } };
}
