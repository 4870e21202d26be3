/**
 * What search engines and link previews read about a vehicle page: its description and the
 * schema.org Product/Car JSON-LD (offers with price, currency and availability; VIN, mileage,
 * condition). Pure.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import type { Vehicle } from "../schemas/generated/vehicle";
import { formatMoney, isAvailable, vehicleHeading } from "./vehicle-display";
import { numberFormat } from "./intl";

type Car = Pick<Vehicle, "year" | "make" | "model" | "badge" | "series" | "price" | "price_type" | "km" | "vin" | "car_type" | "status" | "colour" | "fuel" | "transmission" | "body" | "images" | "preorder" | "dealership_id">;
type Site = Pick<TenantDocument, "identity" | "dealerships">;

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`);

export function vehicleDescription(car: Car, site: Site): string {
  const { title, subtitle } = vehicleHeading(car);
  const dealer = site.dealerships.find((d) => d.id === car.dealership_id)?.name ?? site.identity.name;
  const price = (car.price ?? 0) > 10 ? ` for ${formatMoney(car.price!, site.identity)}${car.price_type ? ` ${car.price_type}` : ""}` : "";
  const km = car.car_type === "new" ? "" : `, ${numberFormat(site.identity.locale).format(car.km ?? 0)} km`;
  return `${[title, subtitle].filter(Boolean).join(" ")}${km}${price} at ${dealer}.`;
}

/** schema.org ["Product", "Car"] for the page at `url` (origin + path). */
export function vehicleJsonLd(car: Car, site: Site, url: string): Record<string, unknown> {
  const origin = new URL(url).origin;
  const { title, subtitle } = vehicleHeading(car);
  const dealer = site.dealerships.find((d) => d.id === car.dealership_id)?.name ?? site.identity.name;
  const priced = (car.price ?? 0) > 10;
  const availability = isAvailable(car.status) ? (car.preorder ? "PreOrder" : "InStock") : "SoldOut";
  return {
    "@context": "https://schema.org",
    "@type": ["Product", "Car"],
    name: [title, subtitle].filter(Boolean).join(" "),
    url,
    brand: { "@type": "Brand", name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    itemCondition: `https://schema.org/${car.car_type === "new" ? "NewCondition" : "UsedCondition"}`,
    mileageFromOdometer: { "@type": "QuantitativeValue", value: car.km ?? 0, unitCode: "KMT" },
    ...(car.vin ? { vehicleIdentificationNumber: car.vin } : {}),
    ...(car.colour ? { color: car.colour } : {}),
    ...(car.fuel ? { fuelType: car.fuel } : {}),
    ...(car.transmission ? { vehicleTransmission: car.transmission } : {}),
    ...(car.body ? { bodyType: car.body } : {}),
    ...(car.images?.length ? { image: car.images.slice(0, 10).map((i) => absolute(origin, i.url)) } : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: site.identity.currency,
      ...(priced ? { price: car.price } : {}),
      availability: `https://schema.org/${availability}`,
      seller: { "@type": "AutoDealer", name: dealer },
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");
