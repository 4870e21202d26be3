/**
 * Demo stock for the demo sites: for every dealership of a site, a few dozen to a few hundred
 * vehicles drawn from the catalogue by a seeded random generator, so the same site gives the same
 * vehicles (ids, stock numbers, slugs, specifications) on every run. Only dates move with `now`:
 * listings spread over the last 90 days, sales over the last 10, model years count back from now.
 */
import { vehicleTerms } from "../../domain/vehicle-terms";
import type { TenantDocument } from "../../schemas/generated/tenant";
import {
  INTERIOR_VIEWS, PAINTS, hasInterior, normaliseBody, paintHex, pictureBody, pictureUrl, SPIN_FRAMES, spinView, trimHex,
  type ExteriorView, type PictureBody,
} from "../../domain/media";
import { CATALOGUE, TRIM_NAMES, type Kind, type ModelSpec } from "./catalogue";
import { anchorPositions, type AnchorName } from "./pictures/anchors";
import { pictureModel } from "./pictures/shapes";
import { amortisedRepayment } from "../../domain/finance";
import { vehicleSlug, type StoredVehicle } from "../inventory/vehicle";
import { seededRandom } from "../../domain/random";
import { slugify } from "../../domain/search-paths";

type Tenant = Pick<TenantDocument, "identity" | "dealerships" | "locations"> & { finance?: Partial<TenantDocument["finance"]> };
type Dealership = TenantDocument["dealerships"][number];
type Location = TenantDocument["locations"][number];
type CarType = StoredVehicle["car_type"];

const DAY = 86_400_000;

/** The history report the demo's used cars link to (a real feed gives each car its own). */
export const DEMO_HISTORY_REPORT = "/demo/history-report-sample.pdf";

const hashString = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};

class Dice {
  constructor(private readonly next: () => number) {}
  float = () => this.next();
  chance = (p: number) => this.next() < p;
  int = (lo: number, hi: number) => lo + Math.floor(this.next() * (hi - lo + 1));
  pick = <T>(items: readonly T[]): T => items[Math.floor(this.next() * items.length)];
  weighted = <T>(items: readonly [T, number][]): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1][0];
  };
}

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

interface Ctx {
  tenant: Tenant;
  dealership: Dealership;
  yards: Location[];
  own: ModelSpec[];
  others: ModelSpec[];
  types: CarType[];
  seq: number;
  dice: Dice;
  now: Date;
}

const TYPE_WEIGHTS: Record<Kind, Record<CarType, number>> = {
  car: { new: 0.42, demo: 0.1, used: 0.48 },
  motorcycle: { new: 0.55, demo: 0.08, used: 0.37 },
  truck: { new: 0.5, demo: 0.1, used: 0.4 },
  caravan: { new: 0.6, demo: 0.05, used: 0.35 },
};

const roundTo = (v: number, step: number) => Math.floor(v / step) * step - 10;

/** Depreciated value: about 20% off in the first year, then 10% (8% for trucks and caravans) a year, adjusted for kilometres. */
export function usedValue(newPrice: number, age: number, km: number, kind: Kind): number {
  const yearly = kind === "truck" || kind === "caravan" ? 0.92 : 0.9;
  const expectedKm = age * (kind === "motorcycle" ? 5000 : kind === "truck" ? 45000 : 15000);
  const kmFactor = kind === "caravan" ? 1 : Math.min(1.08, Math.max(0.75, 1 - (km - expectedKm) / (kind === "truck" ? 1_500_000 : 500_000)));
  return newPrice * 0.8 * yearly ** Math.max(0, age - 1) * kmFactor;
}

const WMI: Record<string, string> = {
  Toyota: "JTN", Mazda: "JM0", Hyundai: "KMH", Kia: "KNA", Ford: "MPB", Volkswagen: "WVW", Skoda: "TMB", Cupra: "VSS", Mitsubishi: "MMA",
  "Isuzu UTE": "MPA", Nissan: "JN1", Suzuki: "JS3", GWM: "LGW", MG: "LSJ", Yamaha: "JYA", Kawasaki: "JKA", Triumph: "SMT", Honda: "JH2",
  KTM: "VBK", Husqvarna: "VBK", "Royal Enfield": "ME3", Fuso: "JLF", Hino: "JHD", "UD Trucks": "JNC", "Isuzu Trucks": "JAL", Iveco: "ZCF",
  Jayco: "6T9", Avan: "6A9", Coromal: "6C9", Tesla: "LRW", BYD: "LGX", Holden: "6G1", Subaru: "JF1", BMW: "WBA", "Mercedes-Benz": "WDD",
};
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

function plate(dice: Dice, state: string): string {
  const L = () => dice.pick("ABCDEFGHJKLMNPRSTUVWXYZ".split(""));
  const D = () => String(dice.int(0, 9));
  switch (state) {
    case "NSW": return `${L()}${L()}${D()}${D()}${L()}${L()}`;
    case "VIC": return `${D()}${L()}${L()}${D()}${L()}${L()}`;
    case "WA": return `1${L()}${L()}${L()}${D()}${D()}${D()}`;
    case "QLD": return `${D()}${D()}${D()}${L()}${L()}${L()}`;
    default: return /^[A-Z]{3}$/.test(state) && ["AUK", "WGN", "CAN", "WKO", "BOP", "OTA"].includes(state) ? `${L()}${L()}${L()}${D()}${D()}${D()}` : `${L()}${L()}${D()}${D()}${L()}${L()}`;
  }
}

const EQUIPMENT: Record<Kind, [string, string[], string[]][]> = {
  car: [
    ["Safety", ["Autonomous emergency braking", "Lane keep assist", "Reversing camera", "7 airbags", "Rear parking sensors"], ["Blind spot monitoring", "Rear cross-traffic alert", "360-degree camera", "Front parking sensors"]],
    ["Comfort & Convenience", ["Apple CarPlay and Android Auto", "Cruise control", "Bluetooth phone and audio", "Air conditioning"], ["Dual-zone climate control", "Keyless entry and start", "Wireless phone charger", "Heated front seats", "Power tailgate"]],
    ["Exterior", ["LED daytime running lights", "Alloy wheels", "Power-folding mirrors"], ["LED headlights", "Privacy glass", "Rain-sensing wipers", "Sunroof"]],
    ["Interior", ["Leather-wrapped steering wheel", "8-inch touchscreen", "Digital radio"], ["12.3-inch touchscreen", "Head-up display", "Premium audio", "Ambient lighting"]],
  ],
  motorcycle: [
    ["Safety", ["ABS", "LED lighting"], ["Cornering ABS", "Traction control"]],
    ["Features", ["Digital instruments", "Slipper clutch"], ["TFT display", "Ride modes", "Quickshifter", "Cruise control", "Bluetooth connectivity"]],
  ],
  truck: [
    ["Safety", ["ABS", "Driver airbag", "Reversing camera"], ["Electronic stability control", "Lane departure warning", "Advanced emergency braking"]],
    ["Cabin", ["Air conditioning", "Bluetooth phone", "Cruise control"], ["Air-suspended driver's seat", "Sat nav", "Sleeper cab"]],
    ["Chassis", ["Exhaust brake", "Steel wheels"], ["Alloy wheels", "Air suspension", "Tow coupling"]],
  ],
  caravan: [
    ["Living", ["Queen bed", "Dinette", "Reverse-cycle air conditioner", "Microwave"], ["Ensuite with shower and toilet", "Front-loading washing machine", "32-inch TV", "Bunk beds"]],
    ["Off-grid", ["190W solar panel", "100Ah lithium battery", "2 x 95L fresh water tanks"], ["400W solar", "2000W inverter", "Grey water tank"]],
    ["Exterior", ["Roll-out awning", "2 x 9kg gas bottles", "External shower"], ["Slide-out kitchen", "Independent suspension", "Stone guard"]],
  ],
};

const HOTSPOTS: Record<Kind, [AnchorName, string][]> = {
  car: [["front", "LED headlights with automatic high beam"], ["front-wheel", "Alloy wheels, near-new tyres"], ["rear", "Power tailgate and rear camera"], ["roof", "Panoramic sunroof"], ["side", "Small mark on the rear door, priced accordingly"]],
  motorcycle: [["front", "LED headlight and TFT dash"], ["front-wheel", "Radial-mount brakes"], ["rear-wheel", "Near-new rear tyre"]],
  truck: [["front", "Bull bar and LED driving lights"], ["front-wheel", "New steer tyres"], ["rear-wheel", "Dual rear wheels"], ["side", "Side underrun protection"]],
  caravan: [["front", "Stone guard and gas bottles"], ["side", "Roll-out awning"], ["front-wheel", "Off-road independent suspension"], ["roof", "Solar panels on the roof"]],
};

const GALLERY: ExteriorView[] = ["front-right", "right", "rear-right", "rear", "rear-left", "left", "front-left", "front"];

function vehicle(c: Ctx): StoredVehicle {
  const { dice, dealership, tenant, now } = c;
  const nz = tenant.identity.currency === "NZD";
  const thisYear = now.getUTCFullYear();
  const current = c.own.filter((m) => m.to === undefined);

  // What it is
  const weights = TYPE_WEIGHTS[c.own[0].kind];
  const carType = dice.weighted(c.types.map((t) => [t, weights[t]] as [CarType, number]));
  const tradeIn = dice.chance(0.3);
  const spec = carType === "used" ? dice.pick(tradeIn ? c.others : c.own) : dice.pick(current.length ? current : c.own);
  const badgeIndex = Math.floor(dice.float() ** 1.4 * spec.badges.length);
  const badge = spec.badges[badgeIndex];
  const kind = spec.kind;

  // Age, kilometres, price
  const ageDraw = 1 + Math.floor(dice.float() ** 1.3 * 11);
  const demoOlder = dice.chance(0.3);
  const kmDraw = dice.float();
  let year = thisYear;
  if (carType === "demo") year = thisYear - (demoOlder ? 1 : 0);
  if (carType === "used") year = Math.max(spec.from, Math.min(spec.to ?? thisYear - 1, thisYear - ageDraw));
  const age = thisYear - year;
  let km: number;
  if (kind === "caravan") km = 0;
  else if (carType === "new") km = 5 + Math.floor(kmDraw * 40);
  else if (carType === "demo") km = 800 + Math.floor(kmDraw * 11000);
  else km = Math.round((Math.max(1, age) * (9000 + kmDraw * 12000) * (kind === "motorcycle" ? 0.35 : kind === "truck" ? 3 : 1)) / 10) * 10;

  const newPrice = badge.price * (nz ? 1.08 : 1);
  let price =
    carType === "new" ? Math.round(newPrice / 1000) * 1000 - 10
    : carType === "demo" ? roundTo(newPrice * (0.93 - km / 200_000), 500)
    : roundTo(usedValue(newPrice, age, km, kind), 500);
  price = Math.max(price, 990);

  // Status and dates
  const status = dice.weighted<StoredVehicle["status"]>(
    carType === "new" ? [["in_stock", 0.85], ["coming_soon", 0.08], ["sold", 0.07]]
    : carType === "demo" ? [["in_stock", 0.9], ["sold", 0.1]]
    : [["in_stock", 0.86], ["coming_soon", 0.02], ["sold", 0.12]],
  );
  const soldDaysAgo = dice.float() * 10;
  const listedDraw = dice.float();
  const soldAt = status === "sold" ? new Date(now.getTime() - soldDaysAgo * DAY) : null;
  const createdAt =
    soldAt ? new Date(soldAt.getTime() - (5 + listedDraw * 55) * DAY)
    : status === "coming_soon" ? new Date(now.getTime() - listedDraw * 14 * DAY)
    : new Date(now.getTime() - listedDraw ** 1.5 * 90 * DAY);

  const noPrice = dice.chance(0.03) || (status === "coming_soon" && carType === "new" && dice.chance(0.3));
  const preorder = status === "coming_soon" && carType === "new" && dice.chance(0.5);
  if (noPrice) price = 0;

  // Looks
  const paints = kind === "caravan" ? PAINTS.filter((p) => /White|Silver|Grey/.test(p.name)) : PAINTS;
  const colour = kind === "caravan" && dice.chance(0.8) ? "Alpine White" : kind === "truck" && dice.chance(0.6) ? "Arctic White" : dice.pick(paints).name;
  const trimDraw = dice.float();
  const interior = TRIM_NAMES[kind].length ? TRIM_NAMES[kind][Math.floor(trimDraw * TRIM_NAMES[kind].length)] : undefined;
  const body = normaliseBody(spec.body, kind);
  const drawing = pictureBody(body, kind);
  // Each catalogue model has its own drawing (its key in the picture URLs).
  const look = { body: drawing, model: pictureModel(drawing, spec.make, spec.model) };

  const id = `demo-${dealership.id}-${String(c.seq).padStart(4, "0")}`;
  const location = c.yards.length ? c.yards[c.seq % c.yards.length] : undefined;
  const stockPrefix = { new: "N", demo: "D", used: "U" }[carType];

  const v: StoredVehicle = {
    id,
    slug: "",
    dealership_id: dealership.id,
    ...(location ? { location_id: location.id } : {}),
    stocknum: `${stockPrefix}${String(dealership.id).slice(-2)}${String(c.seq).padStart(4, "0")}`,
    item_type: kind,
    car_type: carType,
    status,
    ...(soldAt ? { sold_at: soldAt.toISOString() } : {}),
    created_at: createdAt.toISOString(),
    show_on_dealer_website: !dice.chance(0.02),
    year,
    make: spec.make,
    model: spec.model,
    ...(badge.name ? { badge: badge.name } : {}),
    ...(spec.series ? { series: spec.series } : {}),
    body: spec.body,
    colour,
    ...(interior ? { interior_colour: interior } : {}),
    price,
    preorder,
    km,
    reserved: false,
    certified: false,
    views: 0,
    ...(kind === "caravan" ? {} : { fuel: badge.fuel }),
    images: [],
  };
  if (price > 0) v.price_type = dice.chance(carType === "used" ? 0.6 : 0.8) ? "Drive Away" : "Excl. Gov. Charges";
  if (kind !== "caravan") {
    v.transmission = spec.transmission;
    v.gearnum = spec.gears;
    v.drive = /4x2/.test(badge.name) ? "4x2" : /AWD|quattro|4MATIC|xDrive/.test(badge.name) ? "AWD" : spec.drive;
    if (spec.seats > 0) v.seats = spec.seats;
    if (spec.doors > 0) v.doors = spec.doors;
    if (badge.fuel !== "Electric") {
      v.engine_size_litres = spec.engine;
      v.engine_size = Math.round(spec.engine * 1000);
    }
  }

  // Identity papers
  v.vin = (WMI[spec.make] ?? "6F9") + Array.from({ length: 14 }, () => dice.pick(VIN_CHARS.split(""))).join("");
  const buildMonth = dice.int(1, 12);
  const buildYear = carType === "new" ? year - (buildMonth > 9 ? 1 : 0) : year - (dice.chance(0.3) ? 1 : 0);
  v.build_date = `${buildYear}-${String(buildMonth).padStart(2, "0")}`;
  const compliance = new Date(Date.UTC(buildYear, buildMonth - 1 + dice.int(1, 3), 1));
  v.compliance_date = `${compliance.getUTCFullYear()}-${String(compliance.getUTCMonth() + 1).padStart(2, "0")}`;
  const regoMonths = dice.int(1, 12);
  if (carType !== "new") {
    v.regplate = plate(dice, location?.address.state ?? tenant.identity.state ?? "QLD");
    v.rego_expiry = new Date(now.getTime() + regoMonths * 30 * DAY).toISOString().slice(0, 10);
  }

  // Flags and tags
  v.reserved = status === "in_stock" && dice.chance(0.05);
  const franchise = !dealership.makes?.length || dealership.makes.includes(spec.make);
  v.certified = kind === "car" && carType === "used" && age <= 5 && km <= 100_000 && franchise && dice.chance(0.45);
  const tagDraw = dice.float();
  const reduced = price > 0 && status === "in_stock" && carType !== "new" && dice.chance(0.1);
  if (reduced) v.before_price = price + 500 * dice.int(2, 6);
  if (carType === "new" && kind === "car" && price > 0 && dice.chance(0.05)) v.subscription_price = Math.round(price / 180);
  const tag =
    kind === "caravan" && carType !== "used" && tagDraw > 0.9 ? "Ex-Display"
    : carType === "demo" && tagDraw < 0.35 ? "Test Drive Only"
    : carType === "new" && tagDraw < 0.05 ? "Test Drive Only"
    : carType === "new" && tagDraw < 0.1 ? "Special Offer"
    : reduced ? "Price Drop"
    : carType === "used" && kind !== "caravan" && km < Math.max(1, age) * 9000 && tagDraw < 0.4 ? "Low Kms"
    : carType === "used" && tagDraw > 0.95 ? "One Owner"
    : undefined;
  if (tag) v.tag = tag;

  // Pictures
  const photoDraw = dice.float();
  const spin = dice.chance(0.3);
  const hex = paintHex(colour);
  const noPhotos = (status === "coming_soon" && photoDraw < 0.6) || photoDraw < 0.04;
  const few = !noPhotos && photoDraw < 0.12;
  if (!noPhotos) {
    const exterior = GALLERY.slice(0, few ? 2 + (Math.floor(photoDraw * 100) % 2) : 6 + (Math.floor(photoDraw * 1000) % 3));
    v.images = exterior.map((view) => image(look, hex, view, "exterior"));
    if (!few && hasInterior(drawing) && interior) {
      const views = INTERIOR_VIEWS.filter((x) => x !== "interior-pano").slice(0, kind === "car" ? 3 : 2);
      v.images.push(...views.map((view) => image(look, trimHex(interior), view, "interior")));
    }
    if (spin && !few) {
      v.spin_images = Array.from({ length: SPIN_FRAMES }, (_, i) => pictureUrl(drawing, hex, spinView(i), "jpg", look.model));
      if (hasInterior(drawing) && interior) v.spin_interior_image = pictureUrl(drawing, trimHex(interior), "interior-pano", "jpg", look.model);
      v.hotspots = hotspots(look, kind, dice);
    }
  }
  if (dice.chance(0.05) && v.images.length) v.external_video_url = `https://www.youtube.com/watch?v=${Array.from({ length: 11 }, () => dice.pick("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789_-".split(""))).join("")}`;

  // Words and numbers
  v.standard_equipment = EQUIPMENT[kind].map(([name, base, more]) => ({ name, items: [...base, ...more.slice(0, Math.min(more.length, badgeIndex + 1 + (carType === "new" ? 1 : 0)))] }));
  v.specifications = specifications(spec, v);
  if (kind === "caravan") Object.assign(v, caravan(spec, badge.name, dice));
  else v.variant = variant(spec, badge.fuel === "Electric");
  const commentDraw = dice.float();
  if (commentDraw < 0.86) v.dealercomments = comments(v, dealership, commentDraw < 0.3);
  // A history report for about a third of used cars: the demo's sample document, served from public/.
  if (carType === "used" && dice.chance(0.3)) v.history_report_url = DEMO_HISTORY_REPORT;

  // Money
  const financeDraw = dice.float();
  const rate = tenant.finance?.sampleRate ?? 10;
  if (price > 500 && financeDraw < 0.8) {
    const provider = tenant.finance?.provider ?? "Dealer Finance";
    const fee = tenant.finance?.calculator?.establishmentFee ?? 0;
    const interest = Math.round((rate + (financeDraw - 0.4)) * 100) / 100;
    const weekly = Math.ceil(amortisedRepayment(price + fee, interest, 5, 52));
    const monthly = Math.ceil(amortisedRepayment(price + fee, interest, 5, 12));
    v.finance = {
      [provider]: {
        financeProvider: provider,
        interestRate: interest,
        ...(financeDraw < 0.76 ? { comparisonRate: Math.round((interest + 0.6 + financeDraw) * 100) / 100 } : {}),
        paymentWeek: weekly,
        paymentMonth: monthly,
        totalPayable: weekly * 52 * 5,
        deposit: 0,
        balloon: 0,
        establishmentFees: fee,
        termMonths: 60,
        termYears: 5,
        termWeeks: 260,
      },
    };
  }
  const marketDraw = dice.float();
  if (!nz && carType === "used" && price > 0 && marketDraw < 0.45) {
    const average = Math.round((price * (0.94 + marketDraw * 0.4)) / 100) * 100;
    v.autograb_data = { average_market_price: average, state_average_market_price: Math.round((average * (0.97 + marketDraw * 0.13)) / 100) * 100 };
  }
  const daysListed = Math.max(0.2, ((soldAt ?? now).getTime() - createdAt.getTime()) / DAY);
  v.views = Math.round(daysListed * (4 + dice.float() * 40));

  v.slug = vehicleSlug(v);
  return v;
}

type Look = { body: PictureBody; model: string | null };

function image(look: Look, hex: string, view: string, kind: "exterior" | "interior") {
  const url = pictureUrl(look.body, hex, view, "jpg", look.model);
  return { url, thumb_url: url, kind };
}

function hotspots(look: Look, kind: Kind, dice: Dice): StoredVehicle["hotspots"] {
  const count = dice.int(2, Math.min(4, HOTSPOTS[kind].length));
  const exterior = HOTSPOTS[kind]
    .slice(0, count)
    .map(([anchor, description], i) => ({ id: `ext-${i + 1}`, description, positions: anchorPositions(look.body, anchor, look.model ?? undefined) }))
    .filter((h) => h.positions.length);
  const interior =
    kind === "car"
      ? [
          { id: "int-1", description: "Touchscreen with Apple CarPlay and Android Auto", positions: [{ activeAngle: 0, posX: 50, posY: 50 }] },
          { id: "int-2", description: "Digital instrument cluster", positions: [{ activeAngle: 0, posX: 66.7, posY: 47.3 }] },
        ]
      : [];
  return { exterior, interior };
}

function specifications(spec: ModelSpec, v: StoredVehicle): { name: string; value: string }[] {
  const out: [string, string | number | undefined][] = [
    ["Body", v.body],
    ["Colour", v.colour],
    ["Interior", v.interior_colour],
    ["Fuel", v.fuel],
    ["Engine", v.engine_size_litres ? `${v.engine_size_litres.toFixed(1)}L ${spec.cylinders} cyl ${spec.induction !== "Aspirated" ? spec.induction.toLowerCase() : ""}`.trim() : undefined],
    ["Power", spec.power ? `${spec.power} kW` : undefined],
    ["Torque", spec.torque ? `${spec.torque} Nm` : undefined],
    ["Transmission", v.transmission ? `${v.gearnum ?? ""} speed ${v.transmission}`.replace(/^1 speed /, "").trim() : undefined],
    ["Drive", v.drive],
    ["Seats", v.seats],
    ["Doors", v.doors],
    ["Build date", v.build_date],
    ["Compliance date", v.compliance_date],
    ["Stock number", v.stocknum],
    ["VIN", v.vin],
  ];
  return out.filter((x): x is [string, string | number] => x[1] !== undefined && x[1] !== "").map(([name, value]) => ({ name, value: String(value) }));
}

function variant(spec: ModelSpec, electric: boolean): NonNullable<StoredVehicle["variant"]> {
  return {
    ...(electric ? {} : { cylinders: spec.cylinders, induction: spec.induction, fuelconsumptioncombined: spec.consumption, fuelcapacity: spec.tank }),
    ...(spec.gvm ? { grossvehiclemass: spec.gvm } : {}),
    vehiclelength: spec.length,
    vehicleheight: spec.height,
    vehiclewidth: spec.width,
    ...(spec.tow ? { towingcapacitybraked: spec.tow } : {}),
    torque: spec.torque,
    power: spec.power,
    ...(spec.kind === "car" ? { ancaprating: spec.ancap } : {}),
    geartype: spec.transmission === "CVT" ? "Constantly Variable Transmission" : spec.transmission === "Manual" ? "Manual" : electric ? "Reduction Gear" : "Sports Automatic",
    ...(spec.bodyConfiguration ? { bodyconfiguration: spec.bodyConfiguration } : {}),
  };
}

function caravan(spec: ModelSpec, badge: string, dice: Dice) {
  const feet = Number(/^(\d+)ft/.exec(badge)?.[1] ?? spec.lengthFt ?? 18);
  const tare = Math.round((feet * 105 + dice.int(100, 400)) / 10) * 10;
  return {
    body_length_ft: feet,
    body_width_ft: spec.body === "Camper Trailer" ? 6.5 : dice.pick([7.5, 7.8, 8]),
    tare_weight: tare,
    aggregate_trailer_mass: tare + dice.pick([400, 500, 600]),
    axle_type: feet >= 18 ? "Tandem" : "Single",
    sleeps: /Family/.test(badge) ? dice.pick([5, 6]) : spec.body === "Camper Trailer" ? 4 : 2,
  };
}

function comments(v: StoredVehicle, dealership: Dealership, long: boolean): string {
  const name = [v.year, v.make, v.model, v.badge].filter(Boolean).join(" ");
  const km = v.km.toLocaleString("en-AU");
  const condition =
    v.car_type === "new" ? "is brand new and ready for delivery"
    : v.car_type === "demo" ? `has just ${km} km from its time as our demonstrator, with the balance of the factory warranty`
    : v.item_type === "caravan" ? "has been fully inspected by our service team"
    : `has travelled ${km} km and comes with ${v.certified ? "a certified pre-owned inspection and " : ""}service history`;
  const parts = [`This ${name} in ${v.colour} ${condition}.`];
  const features = v.standard_equipment?.flatMap((g) => g.items).slice(2, 5) ?? [];
  if (features.length) parts.push(`Highlights include ${features.slice(0, -1).join(", ").toLowerCase()} and ${features.at(-1)!.toLowerCase()}.`);
  if (long) {
    parts.push(
      `Every vehicle at ${dealership.name} is checked before it leaves the yard, and our finance team can arrange a competitive rate on the spot. We welcome trade-ins — ask us for a valuation — and we can deliver across the region.`,
      // "Call us", not the number: a site that masks its number behind Show number would print it here.
      `Call us or send an enquiry to ${vehicleTerms(v).bookTest.toLowerCase()} today; vehicles like this do not stay long.`,
    );
  } else {
    parts.push(`Call us to ${vehicleTerms(v).bookTest.toLowerCase()}.`);
  }
  return parts.join(" ");
}
