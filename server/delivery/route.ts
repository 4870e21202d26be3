import { vehicleForPage } from "../inventory/vdp";
import { tenantForHost } from "../tenants/live";
import { handleDeliveryQuote } from "./http";
import { deliveryProvider } from "./provider";

/** GET /api/delivery-quote with the live site, the VDP's car look-up and the configured provider. */
export const deliveryQuoteRoute = (request: Request) =>
  handleDeliveryQuote(request, { tenantForHost, vehicle: (tenant, slug) => vehicleForPage(tenant, `/cars/${slug}`), provider: deliveryProvider() });
