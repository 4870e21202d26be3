/**
 * What a delivery quote provider is (server/delivery/provider.ts chooses one; the embedded one,
 * ./embedded.ts, and any carrier adapter implement it).
 */
import type { MobileCountry } from "../../domain/mobile";

/** Where the car leaves from: its location's postcode and state (either may be unknown). */
export interface DeliveryOrigin {
  postcode: string | null;
  state: string | null;
}

export interface DeliveryQuote {
  /** Whole dollars in the site's currency. */
  price: number;
  /** The region, as shown: "Brisbane Inner City, QLD". */
  name: string;
  state: string;
  postcode: string;
}

export interface DeliveryQuoteProvider {
  readonly name: string;
  /** The countries whose postcodes it quotes; the calculator is hidden on sites of other countries. */
  readonly countries: readonly MobileCountry[];
  /** A quote for a 4-digit postcode, or null when it has no price for it. Throws only when it fails. */
  quote(postcode: string, from: DeliveryOrigin): Promise<DeliveryQuote | null>;
}
