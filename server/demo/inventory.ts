/**
 * Demo stock for the demo sites: for every dealership of a site, a few dozen to a few hundred
 * vehicles drawn from the catalogue by a seeded random generator, so the same site gives the same
 * vehicles (ids, stock numbers, slugs, specifications) on every run. Only dates move with `now`:
 * listings spread over the last 90 days, sales over the last 10, model years count back from now.
 * One vehicle is drawn in ./vehicle.ts, its table-driven parts in ./vehicle-details.ts.
 */
import type { TenantDocument } from "../../schemas/generated/tenant";
import { CATALOGUE, type Kind } from "./catalogue";
import type { StoredVehicle } from "../inventory/vehicle";
import { seededRandom } from "../../domain/random";
import { slugify } from "../../domain/search-paths";
import { Dice, hashString } from "./dice";
import { vehicle } from "./vehicle";

export type Tenant = Pick<TenantDocument, "identity" | "dealerships" | "locations"> & { finance?: Partial<TenantDocument["finance"]> };
export type Dealership = TenantDocument["dealerships"][number];
export type Location = TenantDocument["locations"][number];
export type CarType = StoredVehicle["car_type"];

export interface DemoOptions {
  now?: Date;
  /** Dealerships already generated for another site (a dealership listed by two sites gets one stock). */
  skip?: ReadonlySet<number>;
}

/** Vehicles per site: 150 to 400, more for sites with more dealerships. */
export function demoCount(tenant: Pick<Tenant, "identity" | "dealerships">): number {
  const dice = new Dice(seededRandom(hashString(`count:${tenant.identity.slug}`)));
  return Math.min(400, Math.max(150, 150 + 30 * tenant.dealerships.length + dice.int(0, 60)));
}

/** The demo stock of one site's dealerships, as stored documents (slug, listing date and views filled in). */
export function generateDemoInventory(tenant: Tenant, opts: DemoOptions = {}): StoredVehicle[] {
  const now = opts.now ?? new Date();
  const dealerships = tenant.dealerships.filter((d) => !opts.skip?.has(d.id));
  if (!dealerships.length) return [];
  const total = demoCount(tenant);
  const per = Math.floor(total / tenant.dealerships.length);
  const extra = total - per * tenant.dealerships.length;
  return dealerships.flatMap((d) => {
    const index = tenant.dealerships.indexOf(d);
    return dealershipStock(tenant, d, per + (index < extra ? 1 : 0), now);
  });
}

/**
 * Dealerships of the demo platform that belong to no site yet but have stock (the `dealerships`
 * table lists them unassigned; staff may give one to a new site in the wizard). No demo site names
 * them, so no demo site shows their cars.
 */
export const DEMO_UNASSIGNED_DEALERSHIPS = [{ id: 701, name: "Waratah Motor Group", state: "NSW", vehicles: 30 }] as const;

/** The demo stock of an unassigned demo dealership: used cars, no yard (it has no site, so no locations yet). */
export function unassignedDemoInventory(d: (typeof DEMO_UNASSIGNED_DEALERSHIPS)[number], opts: { now?: Date } = {}): StoredVehicle[] {
  const slug = slugify(d.name);
  const tenant: Tenant = {
    identity: { slug, currency: "AUD", state: d.state, stockKinds: ["car"], carTypes: ["used"] } as unknown as Tenant["identity"],
    dealerships: [{ id: d.id, slug, name: d.name }],
    locations: [],
  };
  return dealershipStock(tenant, tenant.dealerships[0], d.vehicles, opts.now ?? new Date());
}

function dealershipStock(tenant: Tenant, dealership: Dealership, count: number, now: Date): StoredVehicle[] {
  const dice = new Dice(seededRandom(hashString(`${tenant.identity.slug}:${dealership.id}`)));
  const kinds = tenant.identity.stockKinds as Kind[];
  const franchise = dealership.makes?.length ? CATALOGUE.filter((m) => dealership.makes!.includes(m.make) && kinds.includes(m.kind)) : [];
  const kindsSold = franchise.length ? [...new Set(franchise.map((m) => m.kind))] : kinds;
  const others = CATALOGUE.filter((m) => kindsSold.includes(m.kind));
  // A dealership without franchises (or none the site sells) takes new stock of any make of its kinds.
  const own = franchise.length ? franchise : others;
  const types = tenant.identity.carTypes as CarType[];
  const allLocations = tenant.locations.filter((l) => l.dealership_id === dealership.id);
  const yards = allLocations.filter((l) => l.location_type === "sales").length ? allLocations.filter((l) => l.location_type === "sales") : allLocations;
  const out: StoredVehicle[] = [];
  for (let seq = 1; seq <= count; seq++) {
    out.push(vehicle({ tenant, dealership, yards, own, others, types, seq, dice, now }));
  }
  return out;
}
