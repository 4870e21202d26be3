import { CAPITAL_POSTCODES, deliveryPrice, regionLabel } from "../../domain/delivery";
import { regionOfPostcode } from "./postcodes";
import type { DeliveryOrigin, DeliveryQuoteProvider } from "./types";

/**
 * Quotes from the postcode table and the price rule of domain/delivery.ts: the region of the
 * car's location (its postcode, else its state's capital) to the region of the postcode asked for.
 * No price for a postcode the table does not have, or when the car's region is unknown.
 */
export const embeddedDeliveryProvider: DeliveryQuoteProvider = {
  name: "embedded",
  countries: ["AU"],
  async quote(postcode: string, from: DeliveryOrigin) {
    const to = regionOfPostcode(postcode);
    const origin = (from.postcode ? regionOfPostcode(from.postcode) : null) ?? (from.state ? regionOfPostcode(CAPITAL_POSTCODES[from.state] ?? "") : null);
    if (!to || !origin) return null;
    return { price: deliveryPrice(origin, to), name: regionLabel(to), state: to.state, postcode };
  },
};
