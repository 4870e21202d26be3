/**
 * Per-model shape parameters for the drawn demo pictures (./shaped-car.ts and ./shaped.ts draw them).
 *
 * Every model of the demo catalogue (server/demo/catalogue.ts) gets a model key — its make and
 * model slugged, "mazda-cx-5" — and a parameter set: proportions (length, width, height,
 * wheelbase, ride height, bonnet and roof line), the shapes of grille and lights, body lines and
 * wheels. The catalogue's own dimensions are used where it gives them; a short table below holds
 * the proportions and faces of models people know by sight (Mazda's SUVs, …); the rest are spread
 * deterministically from a hash of the key, within the bounds of the body type, so no two models
 * share a drawing. Only keys of the catalogue are pictures (the picture route 404s any other, so its
 * disk cache stays bounded).
 *
 * Cost, measured 2026-11-29 on this 2-core machine under load (`uptime`: load average 12.1): a model
 * drawing's SVG is 11–14 kB like the generic one's (12.4 kB for an SUV), built in 1–6 ms; rasterising
 * it to a 1200×800 JPEG takes 340–480 ms, as the generic drawing's 430–560 ms did in the same run
 * (sharp's blur of the shadow dominates). JPEG bytes stay the same: SUV front three-quarter generic
 * 34,462 B, CX-5 34,621 B; CX-60 side 28,378 B (generic side 27,857 B); Ranger 33,123 B (generic ute
 * 29,921 B); MT-07 27,409 B (generic motorcycle 29,532 B); Jayco Journey 32,641 B (generic caravan
 * 31,068 B); Hino 500 curtainsider 34,167 B (generic box truck 31,324 B). Each is rendered once and
 * then served from the disk cache (server/media/vehicle-pictures.ts).
 */
import { normaliseBody, pictureBody, type PictureBody } from "../../../domain/media";
import { seededRandom } from "../../../domain/random";
import { slugify } from "../../../domain/search-paths";
import { CATALOGUE, type ModelSpec } from "../catalogue";

export type Grille = "wide" | "tall" | "slot" | "bars" | "shield";
export type Lamp = "slim" | "tall" | "round" | "split";
export type TailLamp = "corner" | "bar" | "wide";
export type Tail = "notch" | "hatch" | "fastback" | "box" | "tub" | "tray" | "open";

export interface CarShape {
  family: "car";
  length: number;
  width: number;
  height: number;
  wheelbase: number;
  frontOverhang: number;
  /** Wheel radius and the body's lowest edge (ride height). */
  r: number;
  sill: number;
  /** Height of the nose and of the bonnet where the windscreen starts; bonnet length; windscreen run. */
  noseZ: number;
  cowlZ: number;
  bonnet: number;
  rake: number;
  /** How far the roof falls from front to back; the tail's shape, its glass run and deck height. */
  roofDrop: number;
  tail: Tail;
  tailRake: number;
  deckZ: number;
  beltZ: number;
  grille: Grille;
  lamp: Lamp;
  tailLamp: TailLamp;
  /** A light strip across the nose (between the lamps). */
  lightBar: boolean;
  /** Height of the side crease at the front wheel and its rise to the rear (0: none). */
  crease: number;
  creaseRise: number;
  cladding: boolean;
  rails: boolean;
  blackRoof: boolean;
  spokes: number;
  rimSize: number;
  darkRims: boolean;
  /** Side glass over the cab only (a panel van). */
  cabOnly?: boolean;
}

export type BikeStyle = "naked" | "sports" | "adventure" | "touring" | "cruiser" | "classic" | "offroad" | "scooter";
export interface BikeShape {
  family: "bike";
  style: BikeStyle;
  /** cc / 1000: the engine block's size. */
  engine: number;
  length: number;
  frame: "dark" | "alloy" | "red" | "amber";
  exhaustHigh: boolean;
  tankLength: number;
}

export interface TruckShape {
  family: "truck";
  length: number;
  wheelbase: number;
  r: number;
  cabHalfWidth: number;
  roof: number;
  grille: "bars" | "mesh" | "slats";
  curtain: boolean;
  stripe: "none" | "blue" | "green" | "red";
  tandem: boolean;
}

export interface VanShape {
  family: "caravan";
  length: number;
  height: number;
  front: "curved" | "raked" | "square";
  offRoad: boolean;
  swoosh: "blue" | "grey" | "red" | "green" | "amber";
  axles: 1 | 2;
  windows: number;
}

export type Shape = CarShape | BikeShape | TruckShape | VanShape;

export const modelKey = (make: string, model: string) => slugify(`${make} ${model}`);

/** Per-body starting points (the proportions of the generic drawings). */
const CAR_BASE: Record<string, Omit<CarShape, "family" | "grille" | "lamp" | "tailLamp" | "lightBar" | "spokes" | "rimSize" | "darkRims" | "blackRoof" | "crease" | "creaseRise">> = {
  sedan: { length: 4.7, width: 1.82, height: 1.43, wheelbase: 2.8, frontOverhang: 0.95, r: 0.33, sill: 0.3, noseZ: 0.66, cowlZ: 0.92, bonnet: 1.25, rake: 0.85, roofDrop: 0.03, tail: "notch", tailRake: 0.7, deckZ: 0.96, beltZ: 0.95, cladding: false, rails: false },
  hatch: { length: 4.3, width: 1.79, height: 1.45, wheelbase: 2.62, frontOverhang: 0.9, r: 0.32, sill: 0.3, noseZ: 0.66, cowlZ: 0.93, bonnet: 1.1, rake: 0.75, roofDrop: 0.04, tail: "hatch", tailRake: 0.45, deckZ: 1.0, beltZ: 0.96, cladding: false, rails: false },
  wagon: { length: 4.75, width: 1.83, height: 1.45, wheelbase: 2.77, frontOverhang: 1.03, r: 0.33, sill: 0.3, noseZ: 0.66, cowlZ: 0.92, bonnet: 1.2, rake: 0.85, roofDrop: 0.03, tail: "hatch", tailRake: 0.3, deckZ: 0.95, beltZ: 0.95, cladding: false, rails: true },
  suv: { length: 4.62, width: 1.86, height: 1.7, wheelbase: 2.7, frontOverhang: 0.97, r: 0.37, sill: 0.38, noseZ: 0.86, cowlZ: 1.08, bonnet: 1.02, rake: 0.65, roofDrop: 0.06, tail: "hatch", tailRake: 0.4, deckZ: 1.1, beltZ: 1.1, cladding: true, rails: true },
  coupe: { length: 4.55, width: 1.8, height: 1.32, wheelbase: 2.7, frontOverhang: 0.9, r: 0.33, sill: 0.3, noseZ: 0.62, cowlZ: 0.86, bonnet: 1.4, rake: 0.9, roofDrop: 0.05, tail: "fastback", tailRake: 1.3, deckZ: 0.92, beltZ: 0.9, cladding: false, rails: false },
  convertible: { length: 3.95, width: 1.74, height: 1.23, wheelbase: 2.31, frontOverhang: 0.92, r: 0.31, sill: 0.3, noseZ: 0.6, cowlZ: 0.86, bonnet: 1.3, rake: 0.35, roofDrop: 0, tail: "open", tailRake: 0, deckZ: 0.88, beltZ: 0.9, cladding: false, rails: false },
  van: { length: 5.27, width: 1.95, height: 1.99, wheelbase: 3.2, frontOverhang: 1.12, r: 0.35, sill: 0.35, noseZ: 0.98, cowlZ: 1.12, bonnet: 0.22, rake: 0.45, roofDrop: 0.02, tail: "box", tailRake: 0.08, deckZ: 1.1, beltZ: 1.15, cladding: false, rails: false, cabOnly: true },
  "people-mover": { length: 5.15, width: 1.99, height: 1.78, wheelbase: 3.1, frontOverhang: 1.05, r: 0.36, sill: 0.34, noseZ: 0.86, cowlZ: 1.05, bonnet: 0.9, rake: 0.8, roofDrop: 0.04, tail: "box", tailRake: 0.22, deckZ: 1.12, beltZ: 1.12, cladding: false, rails: true },
  ute: { length: 5.35, width: 1.87, height: 1.8, wheelbase: 3.1, frontOverhang: 1.2, r: 0.38, sill: 0.42, noseZ: 0.95, cowlZ: 1.15, bonnet: 1.05, rake: 0.75, roofDrop: 0.02, tail: "tub", tailRake: 0, deckZ: 1.22, beltZ: 1.22, cladding: false, rails: false },
  "cab-chassis": { length: 5.35, width: 1.87, height: 1.8, wheelbase: 3.1, frontOverhang: 1.2, r: 0.38, sill: 0.42, noseZ: 0.95, cowlZ: 1.15, bonnet: 1.05, rake: 0.75, roofDrop: 0.02, tail: "tray", tailRake: 0, deckZ: 1.22, beltZ: 1.22, cladding: false, rails: false },
};

/** Models people know by sight: their proportions (metres) and faces, over what the hash would give. */
const KNOWN: Record<string, Partial<CarShape>> = {
  "mazda-cx-3": { length: 4.28, width: 1.77, height: 1.55, wheelbase: 2.57, frontOverhang: 0.86, r: 0.34, sill: 0.34, bonnet: 1.0, rake: 0.72, tailRake: 0.5, roofDrop: 0.06, grille: "tall", lamp: "slim", tailLamp: "wide", blackRoof: false, crease: 0.8, creaseRise: 0.12, spokes: 5, rails: false },
  "mazda-cx-30": { length: 4.4, width: 1.8, height: 1.54, wheelbase: 2.65, frontOverhang: 0.88, r: 0.34, sill: 0.36, noseZ: 0.8, cowlZ: 1.0, bonnet: 1.18, rake: 0.8, tailRake: 0.75, roofDrop: 0.1, grille: "tall", lamp: "slim", tailLamp: "corner", cladding: true, crease: 0, spokes: 10, rails: false, blackRoof: false },
  "mazda-cx-5": { length: 4.58, width: 1.85, height: 1.68, wheelbase: 2.7, frontOverhang: 0.95, grille: "tall", lamp: "slim", tailLamp: "wide", crease: 0.92, creaseRise: 0.1, spokes: 6, rails: false, blackRoof: false },
  "mazda-cx-60": { length: 4.74, width: 1.89, height: 1.68, wheelbase: 2.87, frontOverhang: 0.83, bonnet: 1.42, rake: 0.7, cowlZ: 1.12, tailRake: 0.3, grille: "tall", lamp: "split", tailLamp: "wide", crease: 0, spokes: 10, darkRims: false, rails: true, blackRoof: false },
  "mazda-cx-8": { length: 4.9, width: 1.84, height: 1.73, wheelbase: 2.93, tailRake: 0.3, grille: "tall", lamp: "slim", tailLamp: "wide", rails: true, spokes: 6, blackRoof: false },
  "mazda-cx-90": { length: 5.12, width: 1.99, height: 1.75, wheelbase: 3.12, frontOverhang: 0.9, bonnet: 1.5, tailRake: 0.26, grille: "tall", lamp: "split", tailLamp: "wide", rails: true, spokes: 10, blackRoof: false },
  "mazda-mazda2": { length: 4.07, width: 1.7, height: 1.5, wheelbase: 2.57, frontOverhang: 0.78, grille: "tall", lamp: "slim", tailRake: 0.5, blackRoof: false },
  "mazda-mazda3": { length: 4.46, width: 1.8, height: 1.44, wheelbase: 2.73, grille: "tall", lamp: "slim", tailLamp: "corner", tailRake: 0.75, crease: 0, blackRoof: false },
  "mazda-mx-5": { length: 3.92, width: 1.74, height: 1.23, grille: "wide", lamp: "slim", blackRoof: false },
  "mazda-bt-50": { grille: "tall", lamp: "slim", tailLamp: "corner", blackRoof: false },
  "toyota-landcruiser-300": { length: 4.98, width: 1.98, height: 1.95, grille: "bars", lamp: "tall", tail: "box", tailRake: 0.15, sill: 0.46, r: 0.4 },
  "toyota-prado": { length: 4.92, width: 1.98, height: 1.87, grille: "bars", lamp: "slim", tail: "box", tailRake: 0.15, sill: 0.44, r: 0.39 },
  "jeep-wrangler": { length: 4.88, width: 1.89, height: 1.85, grille: "bars", lamp: "round", tail: "box", tailRake: 0.05, rake: 0.3, bonnet: 1.25, cowlZ: 1.18, noseZ: 1.08, sill: 0.5, r: 0.42, cladding: true },
  "land-rover-defender": { length: 5.02, width: 2.0, height: 1.97, grille: "slot", lamp: "round", tail: "box", tailRake: 0.04, rake: 0.45, noseZ: 1.05, cowlZ: 1.18, sill: 0.48, r: 0.41 },
  "suzuki-jimny": { length: 3.65, width: 1.65, height: 1.72, wheelbase: 2.25, frontOverhang: 0.7, grille: "bars", lamp: "round", tail: "box", tailRake: 0.03, rake: 0.38, bonnet: 0.85, sill: 0.45, r: 0.36 },
  "tesla-model-3": { grille: "slot", lamp: "slim", tailLamp: "wide", noseZ: 0.58, rake: 1.05, tail: "fastback", tailRake: 1.15, crease: 0 },
  "tesla-model-y": { grille: "slot", lamp: "slim", tailLamp: "wide", tail: "fastback", tailRake: 0.95, rake: 0.95, crease: 0, cladding: false, rails: false },
  "ford-mustang": { length: 4.81, width: 1.92, height: 1.4, bonnet: 1.75, grille: "wide", lamp: "slim", tailLamp: "bar" },
  "porsche-911": { length: 4.52, width: 1.85, height: 1.3, wheelbase: 2.45, frontOverhang: 1.05, bonnet: 1.2, noseZ: 0.58, grille: "slot", lamp: "round", tailLamp: "bar", tail: "fastback", tailRake: 1.5 },
  "kia-carnival": { length: 5.16, width: 1.99, height: 1.78, grille: "wide", lamp: "tall", tailLamp: "bar", tail: "box" },
  "hyundai-ioniq-5": { length: 4.64, height: 1.6, wheelbase: 3.0, frontOverhang: 0.8, grille: "slot", lamp: "split", tailLamp: "wide", tail: "hatch", tailRake: 0.2, cladding: false, lightBar: false },
  "kia-ev6": { height: 1.55, wheelbase: 2.9, grille: "slot", lamp: "slim", lightBar: true, tailLamp: "bar", tail: "fastback", tailRake: 0.9 },
  "volkswagen-golf": { length: 4.28, grille: "slot", lamp: "slim", lightBar: true },
  "toyota-hilux": { grille: "shield", lamp: "slim" },
  "ford-ranger": { grille: "bars", lamp: "tall", tailLamp: "corner" },
};

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const hash = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};

function carShape(body: PictureBody, key: string, spec: ModelSpec): CarShape {
  const base = CAR_BASE[body];
  const rnd = seededRandom(hash(`${body}/${key}`));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const jitter = (v: number, pct: number) => v * (1 + (rnd() * 2 - 1) * pct);
  const electric = spec.badges.every((b) => b.fuel === "Electric");
  // The catalogue's dimensions when they are the model's own (not the body type's default).
  const own = spec.kind === "car" && spec.length !== 4600;
  const length = own && spec.length > 3000 ? spec.length / 1000 : jitter(base.length, 0.06) * (spec.seats >= 7 ? 1.05 : 1) * (spec.power < 95 ? 0.93 : 1);
  const height = own && spec.height !== 1500 && spec.height > 1000 ? spec.height / 1000 : jitter(base.height, 0.05);
  const scale = length / base.length;
  const s: CarShape = {
    ...base,
    family: "car",
    length,
    width: clamp(jitter(base.width, 0.03), 1.65, 2.02),
    height,
    wheelbase: clamp(base.wheelbase * scale * jitter(1, 0.03), 2.2, 3.5),
    frontOverhang: base.frontOverhang * jitter(scale, 0.05),
    r: jitter(base.r, 0.05),
    sill: jitter(base.sill, 0.08),
    noseZ: jitter(base.noseZ, 0.05),
    cowlZ: jitter(base.cowlZ, 0.03),
    bonnet: base.bonnet * jitter(scale, 0.1),
    rake: jitter(base.rake, 0.15),
    roofDrop: base.roofDrop + rnd() * 0.05,
    tailRake: base.tail === "box" || base.tail === "tub" || base.tail === "tray" ? base.tailRake : jitter(base.tailRake, 0.35),
    grille: electric ? "slot" : pick(["wide", "tall", "bars", "shield", "wide"] as const),
    lamp: pick(["slim", "tall", "split", "slim"] as const),
    tailLamp: pick(["corner", "bar", "wide"] as const),
    lightBar: electric && rnd() < 0.6,
    crease: rnd() < 0.6 ? base.beltZ - 0.1 - rnd() * 0.12 : 0,
    creaseRise: rnd() * 0.12,
    cladding: base.cladding && rnd() < 0.8,
    rails: base.rails && rnd() < 0.6,
    blackRoof: rnd() < 0.2,
    spokes: pick([5, 5, 6, 7, 10]),
    rimSize: 0.58 + rnd() * 0.14,
    darkRims: rnd() < 0.3,
  };
  Object.assign(s, KNOWN[key] ?? {});
  // The heights follow the overall height.
  const k = s.height / base.height;
  if (!KNOWN[key]?.beltZ) s.beltZ = base.beltZ * (0.6 + 0.4 * k);
  if (!KNOWN[key]?.cowlZ) s.cowlZ = Math.min(s.cowlZ * (0.7 + 0.3 * k), s.beltZ - 0.02);
  s.deckZ = Math.max(s.deckZ * (0.7 + 0.3 * k), s.beltZ);
  s.wheelbase = Math.min(s.wheelbase, s.length - s.frontOverhang - s.r - 0.25);
  return s;
}

const BIKE_STYLE: Record<string, BikeStyle> = {
  Naked: "naked", Sports: "sports", Adventure: "adventure", Touring: "touring", Cruiser: "cruiser", Classic: "classic",
  Enduro: "offroad", Motocross: "offroad", Scooter: "scooter",
};

function bikeShape(key: string, spec: ModelSpec): BikeShape {
  const rnd = seededRandom(hash(`bike/${key}`));
  const style = BIKE_STYLE[spec.body] ?? "naked";
  const make = spec.make;
  return {
    family: "bike",
    style,
    engine: spec.engine,
    length: style === "cruiser" ? 2.3 : style === "touring" || style === "adventure" ? 2.25 : style === "offroad" ? 2.18 : style === "scooter" ? 1.95 : 2.1,
    frame: make === "KTM" ? "amber" : make === "Ducati" ? "red" : rnd() < 0.4 ? "alloy" : "dark",
    exhaustHigh: style === "offroad" || rnd() < 0.25,
    tankLength: 0.5 + rnd() * 0.2,
  };
}

function truckShape(key: string, spec: ModelSpec): TruckShape {
  const rnd = seededRandom(hash(`truck/${key}`));
  const heavy = spec.gvm > 20000;
  const light = spec.gvm <= 8500;
  const fuel = spec.badges[0]?.fuel;
  return {
    family: "truck",
    length: heavy ? 6.6 : light ? 5.8 + rnd() * 0.8 : 7.4 + rnd() * 1.2,
    wheelbase: heavy ? 4.0 : light ? 3.2 + rnd() * 0.5 : 4.2 + rnd() * 0.8,
    r: heavy ? 0.52 : light ? 0.38 : 0.48,
    cabHalfWidth: light ? (/wide/i.test(spec.badges[0]?.name ?? "") || rnd() < 0.5 ? 0.98 : 0.86) : 1.22,
    roof: heavy ? 3.15 + rnd() * 0.35 : light ? 2.3 + rnd() * 0.15 : 2.75 + rnd() * 0.2,
    grille: (["bars", "mesh", "slats"] as const)[hash(spec.make) % 3],
    curtain: spec.body === "Curtainsider",
    stripe: fuel === "Electric" ? "green" : fuel === "Hybrid" ? "blue" : rnd() < 0.3 ? "red" : "none",
    tandem: spec.gvm >= 16000 && spec.body !== "Prime Mover" ? spec.gvm >= 20000 : heavy,
  };
}

function caravanShape(key: string, spec: ModelSpec): VanShape {
  const rnd = seededRandom(hash(`van/${key}`));
  const feet = spec.lengthFt ?? 18;
  const swoosh = ({ Jayco: "blue", Avan: "grey", Coromal: "red" } as Record<string, VanShape["swoosh"]>)[spec.make] ?? "green";
  return {
    family: "caravan",
    length: feet * 0.3048 + 1.3,
    height: spec.body === "Camper Trailer" ? 1.7 : spec.body === "Pop Top" ? 2.45 : 2.85 + rnd() * 0.15,
    front: (["curved", "raked", "square"] as const)[Math.floor(rnd() * 3)],
    offRoad: spec.badges.some((b) => /Off-Road|Outback/.test(b.name)) && rnd() < 0.7,
    swoosh: spec.model === "Silverline" ? "grey" : spec.model === "Conquest" ? "red" : swoosh,
    axles: feet >= 18 ? 2 : 1,
    windows: feet >= 20 ? 3 : 2,
  };
}

/** body → model key → shape, for every model of the catalogue. */
const SHAPES: ReadonlyMap<string, Shape> = (() => {
  const out = new Map<string, Shape>();
  for (const spec of CATALOGUE) {
    const body = pictureBody(normaliseBody(spec.body, spec.kind), spec.kind);
    const key = modelKey(spec.make, spec.model);
    const id = `${body}/${key}`;
    if (out.has(id)) continue;
    if (spec.kind === "motorcycle") out.set(id, bikeShape(key, spec));
    else if (spec.kind === "truck") out.set(id, body === "van" ? carShape(body, key, spec) : truckShape(key, spec));
    else if (spec.kind === "caravan") out.set(id, caravanShape(key, spec));
    else if (CAR_BASE[body]) out.set(id, carShape(body, key, spec));
  }
  return out;
})();

/** The shape of a model drawn as `body`; undefined when the catalogue has no such model. */
export const pictureShape = (body: PictureBody, model: string): Shape | undefined => SHAPES.get(`${body}/${model}`);

/** The model key a catalogue model's pictures carry (null: it is drawn as the generic body). */
export function pictureModel(body: PictureBody, make: string, model: string): string | null {
  const key = modelKey(make, model);
  return SHAPES.has(`${body}/${key}`) ? key : null;
}

/** Every model drawing there is, as [body, model key]. */
export const pictureModels = (): [PictureBody, string][] => [...SHAPES.keys()].map((id) => id.split("/") as [PictureBody, string]);
