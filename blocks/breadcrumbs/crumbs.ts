/**
 * The VDP breadcrumb trail (spec §2): Home > car type list > make > model > body > current.
 * Pure: the search links are the search page's SEO paths (domain/search-paths.ts).
 */
import { BODY_TYPES, normaliseBody, type BodyType } from "../../domain/media";
import { seoPathFor, SEARCH_BASE, type CarType } from "../../domain/search-paths";
import { vehicleHeading, vehicleWord } from "../../domain/vehicle-display";
import type { TenantDocument } from "../../schemas/generated/tenant";

export interface Crumb {
  label: string;
  /** Null for the current page (not a link). */
  href: string | null;
}

export type CrumbVehicle = {
  year: number;
  make: string;
  model: string;
  car_type?: string | null;
  body?: string | null;
  item_type?: "car" | "motorcycle" | "truck" | "caravan";
  slug: string;
};

type CrumbTenant = { identity: Pick<TenantDocument["identity"], "carTypes" | "vehicleNoun" | "stockKinds">; search: Pick<TenantDocument["search"], "joinNewAndDemo"> };

const TYPE_WORDS: Record<string, string> = { new: "New", used: "Used", demo: "Demo", "demo,new": "New & Demo" };

/** The car type refinement a car's type list stands for: where new and demo are joined, New covers both. */
function typesOf(carType: string | null | undefined, joinNewAndDemo: boolean): CarType[] {
  if (carType !== "new" && carType !== "demo" && carType !== "used") return [];
  return joinNewAndDemo && carType !== "used" ? ["new", "demo"] : [carType];
}

export function vdpCrumbs(car: CrumbVehicle, tenant: CrumbTenant, homeLabel = "Home"): Crumb[] {
  const opts = { joinNewAndDemo: tenant.search.joinNewAndDemo, carTypes: tenant.identity.carTypes as CarType[] };
  const car_type = typesOf(car.car_type, opts.joinNewAndDemo);
  const plural = vehicleWord(2, tenant);
  const path = (refinementList: Record<string, string[]>) => seoPathFor(refinementList, opts) ?? SEARCH_BASE;
  const crumbs: Crumb[] = [{ label: homeLabel, href: "/" }];
  const typeWord = TYPE_WORDS[[...car_type].sort().join(",")];
  if (typeWord) crumbs.push({ label: `${typeWord} ${plural}`, href: path({ car_type }) });
  else crumbs.push({ label: `All ${plural}`, href: SEARCH_BASE });
  if (car.make?.trim()) {
    crumbs.push({ label: car.make, href: path({ car_type, make: [car.make] }) });
    if (car.model?.trim()) {
      crumbs.push({ label: car.model, href: path({ car_type, make: [car.make], model: [car.model] }) });
      const body = normaliseBody(car.body, car.item_type ?? "car");
      if (body) crumbs.push({ label: BODY_TYPES[body as BodyType], href: path({ car_type, make: [car.make], model: [car.model], body: [body] }) });
    }
  }
  crumbs.push({ label: vehicleHeading(car).title, href: null });
  return crumbs;
}

/** schema.org BreadcrumbList; links absolute on the site's first domain when it has one. */
export function breadcrumbJsonLd(crumbs: Crumb[], currentPath: string, domain: string | undefined) {
  const abs = (href: string) => (domain ? `https://${domain}${href === "/" ? "" : href}` : href);
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.label, item: abs(c.href ?? currentPath) })),
  };
}
