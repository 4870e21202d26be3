/**
 * GET /api/delivery-quote?postcode=4000&car={slug}: the delivery calculator's estimate for the
 * site of the Host header. Answers JSON:
 *   200 { price, name, state, postcode, currency } — a quote from the car's location (or, without
 *       `car`, from the site's first sales location);
 *   400 { error } — no postcode ("Please enter a postcode.") or not four digits;
 *   404 { error } — unknown site, a site without the calculator, a car the site does not list, or
 *       no price for the postcode (the spec's "Sorry, we can't provide an estimate…" text);
 *   503 { error } — the provider failed (the same "Sorry…" text, so the visitor is told what to do).
 */
import { checkPostcode, DELIVERY_NO_PRICE } from "../../domain/delivery";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { StoredVehicle } from "../inventory/vehicle";
import type { LiveDocument } from "../tenants/store";
import { underError } from "../http/error-response";
import { BadRequest, HttpError } from "../errors";
import { brand, endpoint, reply, type Endpoint } from "../http/endpoint";
import { siteOfHost } from "../http/site-route";
import { vehicleForPage } from "../inventory/vdp";
import { tenantForHost } from "../tenants/live";
import { deliveryAvailable, deliveryOrigin, deliveryProvider, type DeliveryQuoteProvider } from "./provider";

export interface DeliveryQuoteDeps {
  tenantForHost: (host: string | null) => Promise<LiveDocument | null>;
  /** The car of a /cars/{slug} page on this site, or null. */
  vehicle: (tenant: TenantDocument, slug: string) => Promise<StoredVehicle | null>;
  provider: DeliveryQuoteProvider;
}

const SLUG = /^[a-z0-9-]{1,200}$/;


/** GET /api/delivery-quote with these dependencies (the route's are the process's; tests pass their own). */
export function deliveryQuoteEndpoint(deps: DeliveryQuoteDeps): Endpoint {
  return endpoint(
    {
      context: async (request) => (await siteOfHost(deps.tenantForHost)(request)).document,
      errorBody: underError,
      log: "[delivery] request failed:",
    },
    async (request, tenant) => {
      if (!deliveryAvailable(tenant, deps.provider)) throw new HttpError(404, "This site has no delivery calculator.");
      const params = new URL(request.url).searchParams;
      const checked = checkPostcode(params.get("postcode"));
      if (!checked.ok) throw new BadRequest(checked.message);
      const slug = params.get("car");
      let car: StoredVehicle | null = null;
      if (slug !== null) {
        car = SLUG.test(slug) ? await deps.vehicle(tenant, slug) : null;
        if (!car) throw new HttpError(404, "That car is not listed on this site.");
      }
      let quote;
      try {
        quote = await deps.provider.quote(checked.postcode, deliveryOrigin(tenant, car));
      } catch (e) {
        console.error(`[delivery] ${deps.provider.name} provider failed for ${checked.postcode}:`, e);
        throw new HttpError(503, DELIVERY_NO_PRICE);
      }
      if (!quote) throw new HttpError(404, DELIVERY_NO_PRICE);
      // The same postcode and car give the same quote until the table or the car's location changes.
      return reply(200, { ...quote, currency: tenant.identity.currency }, { "cache-control": "public, max-age=300" });
    },
  );
}

/** One quote asked with these dependencies (tests). */
export const handleDeliveryQuote = (request: Request, deps: DeliveryQuoteDeps): Promise<Response> => deliveryQuoteEndpoint(deps)(request);

/** GET /api/delivery-quote with the live site, the VDP's car look-up and the configured provider. */
export const deliveryQuoteRoute = brand((request, route) =>
  deliveryQuoteEndpoint({ tenantForHost, vehicle: (tenant, slug) => vehicleForPage(tenant, `/cars/${slug}`), provider: deliveryProvider() })(request, route),
);
