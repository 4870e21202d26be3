/**
 * What a printed or downloaded vehicle page says (spec §2 routes /print?car_id={slug}, §7 PDF
 * download): the print view and the PDF are both drawn from this one description, so they never
 * disagree. Pure: the car and the site's document are passed in.
 */
import { dealerLicenceText } from "./terms";
import { publicPageUrl } from "./hosts";
import { formatCallNumber, telHref, type PhoneLocale } from "./phone";
import { isAvailable, priceDisplay, vehicleHeading } from "./vehicle-display";
import type { TenantDocument } from "../schemas/generated/tenant";
import type { Vehicle } from "../schemas/generated/vehicle";
import { paragraphs } from "./paragraphs";
import { keyInfoItems, type KeyInfoItem } from "./key-info";
import { callNumber, carLocation } from "./vehicle-links";
import { SOLD_TEXT, SOLD_TITLE } from "./vdp-rules";
import { addressLine as locationAddressLine } from "./locations";

/** The printed page's closing note: details can change, so a buyer confirms them with the dealer. */
export const sheetDisclaimer = (dealer: string) =>
  `While every care is taken to make sure this information is accurate, prices, specifications, features and availability may change without notice and errors can occur. Please confirm all details with ${dealer} before you buy.`;

export interface VehicleSheet {
  site: { name: string; logo: { src: string; alt: string } | null };
  /** "2021 Toyota Corolla" and "Ascent Sport ZWE211R"; name is both. */
  title: string;
  subtitle: string;
  name: string;
  /** The car's public page (its canonical URL); null when the site has no domain. */
  url: string | null;
  /** The first photo's URL, if any. */
  image: string | null;
  /** The price and its price type, the no-price text, or (like the VDP's SOLD panel) SOLD for an unavailable car. */
  price: { text: string; label: string | null; sold: boolean };
  details: KeyInfoItem[];
  features: { name: string; items: string[] }[];
  comments: string[];
  /** The phone as shown, and its tel: link; the licence line in the site's words ("Dealer licence 3418721"). */
  location: { name: string; address: string | null; phone: string | null; tel: string | null; licence: string | null } | null;
  disclaimer: string;
}

type Site = Pick<TenantDocument, "identity" | "theme" | "dealerships" | "locations" | "copy">;

/** "401 Scarborough Beach Road, Osborne Park WA 6017"; null without any part. */
/** A dealership's address on one line, or null when it has none (domain/locations.ts `addressLine`). */
export function addressLine(address: Parameters<typeof locationAddressLine>[0]): string | null {
  return locationAddressLine(address) || null;
}

export function vehicleSheet(car: Vehicle & { slug: string }, tenant: Site): VehicleSheet {
  const { identity } = tenant;
  const { title, subtitle } = vehicleHeading(car);
  const price = priceDisplay(car, tenant);
  const location = carLocation(tenant, car);
  const phone = callNumber(tenant, car, location);
  const phoneLocale: PhoneLocale = identity.locale === "en-NZ" ? "en-NZ" : "en-AU";
  const dealer = tenant.dealerships.find((d) => d.id === car.dealership_id)?.name ?? identity.name;
  const logo = tenant.theme.logo;
  return {
    site: { name: identity.name, logo: logo?.src ? { src: logo.src, alt: logo.alt || identity.name } : null },
    title,
    subtitle,
    name: [title, subtitle].filter(Boolean).join(" "),
    url: publicPageUrl(identity.domains, `/cars/${car.slug}`),
    image: car.images?.[0]?.url ?? null,
    price: isAvailable(car.status)
      ? { text: price.text, label: price.kind === "price" ? price.label : null, sold: false }
      : { text: SOLD_TITLE, label: SOLD_TEXT, sold: true },
    details: keyInfoItems(car, identity.locale),
    features: (car.standard_equipment ?? []).filter((g) => g.items.length > 0).map((g) => ({ name: g.name, items: [...g.items] })),
    comments: typeof car.dealercomments === "string" ? paragraphs(car.dealercomments) : [],
    location: location
      ? {
          name: location.name,
          address: addressLine(location.address),
          phone: phone ? formatCallNumber(phone, phoneLocale) : null,
          tel: phone ? telHref(phone) : null,
          licence: dealerLicenceText(location.dealer_license_number, location.address?.state, identity.locale),
        }
      : phone
        ? { name: dealer, address: null, phone: formatCallNumber(phone, phoneLocale), tel: telHref(phone), licence: null }
        : null,
    disclaimer: sheetDisclaimer(dealer),
  };
}
