import type { Db } from "../db";
import { EmbeddedPaymentProvider } from "./embedded";
import type { PaymentProvider } from "./provider";

/**
 * The process's payment provider. Only the embedded test gateway exists today; a Stripe or
 * Windcave adapter implementing PaymentProvider would be chosen here from its settings
 * (e.g. STRIPE_SECRET_KEY), as the search and SMS providers are.
 */
export function paymentProvider(db: Db, clock?: () => Date): PaymentProvider {
  return new EmbeddedPaymentProvider(db, clock);
}
