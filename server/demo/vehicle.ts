/** One demo vehicle drawn from the catalogue: its type, price, kilometres, dates, identity, pictures and text. */
import { hasInterior, INTERIOR_VIEWS, normaliseBody, pictureBody, pictureUrl, SPIN_FRAMES, spinView } from "../../domain/media";
import { PAINTS, paintHex, trimHex } from "../../domain/colours";
import { seriesOf, TRIM_NAMES, type Kind, type ModelSpec } from "./catalogue";
import { pictureModel } from "./pictures/shapes";
import { amortisedRepayment } from "../../domain/finance";
import { vehicleSlug, type StoredVehicle } from "../inventory/vehicle";
import type { Dice } from "./dice";
import type { CarType, Dealership, Location, Tenant } from "./inventory";
import { caravan, comments, EQUIPMENT, GALLERY, hotspots, image, plate, specifications, variant, WMI, VIN_CHARS } from "./vehicle-details";

const DAY = 86_400_000;

/** The history report the demo's used cars link to (a real feed gives each car its own). */
export const DEMO_HISTORY_REPORT = "/demo/history-report-sample.pdf";

export interface Ctx {
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

export function vehicle(c: Ctx): StoredVehicle {
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
    ...(spec.series ? { series: seriesOf(spec.series, year) } : {}),
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
