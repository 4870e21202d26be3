/**
 * Vehicle media rules shared by server and browser (no I/O):
 *   - the normalised body types search facets on, and the drawing each one gets;
 *   - the URL shape of generated vehicle pictures: /media/vehicles/{body}/{hex}/{view}.{jpg|webp}
 *     (the body type's generic drawing) and /media/vehicles/{body}/{model}/{hex}/{view}.{jpg|webp}
 *     (one model's own drawing; which model keys exist is the server's to say).
 * Image URLs through Next's optimiser are in ./image-urls.ts; the paint and trim palette in ./colours.ts.
 */
import { PICTURE_COLOURS } from "./colours";

// ---------------------------------------------------------------------------------------------
// Body types

export type ItemType = "car" | "motorcycle" | "truck" | "caravan";

/** The normalised body types (search's `body` facet values) with their display labels. */
export const BODY_TYPES = {
  sedan: "Sedan",
  hatch: "Hatch",
  suv: "SUV",
  ute: "Ute",
  wagon: "Wagon",
  van: "Van",
  coupe: "Coupe",
  convertible: "Convertible",
  peopleMover: "People Mover",
  cabChassis: "Cab Chassis",
  naked: "Naked",
  sports: "Sports",
  adventure: "Adventure",
  touring: "Touring",
  cruiser: "Cruiser",
  scooter: "Scooter",
  offRoad: "Off-road",
  tray: "Tray",
  pantech: "Pantech",
  curtainsider: "Curtainsider",
  tipper: "Tipper",
  primeMover: "Prime Mover",
  caravan: "Caravan",
  popTop: "Pop Top",
  camperTrailer: "Camper Trailer",
} as const;
export type BodyType = keyof typeof BODY_TYPES;

const test = (re: RegExp, s: string) => re.test(s);

/**
 * The normalised body type of a body as a feed names it ("Hatchback", "Dual Cab Utility",
 * "Cab Chassis", "Pop Top" …), read in the light of the kind of vehicle; null when unknown.
 */
export function normaliseBody(raw: string | null | undefined, itemType: ItemType = "car"): BodyType | null {
  const s = (raw ?? "").toLowerCase();
  if (itemType === "caravan") {
    if (test(/pop.?top/, s)) return "popTop";
    if (test(/camper|tent|off.?road trailer/, s)) return "camperTrailer";
    return "caravan";
  }
  if (!s.trim()) return null;
  if (itemType === "motorcycle") {
    if (test(/scooter|moped/, s)) return "scooter";
    if (test(/adventure|\badv\b|dual.?sport/, s)) return "adventure";
    if (test(/enduro|motocross|\bmx\b|trail|off.?road|dirt/, s)) return "offRoad";
    if (test(/cruiser|bobber|chopper/, s)) return "cruiser";
    if (test(/touring|tourer/, s)) return "touring";
    if (test(/sport/, s)) return "sports";
    if (test(/naked|street|roadster|classic|retro|standard/, s)) return "naked";
    return null;
  }
  if (itemType === "truck") {
    if (test(/prime.?mover/, s)) return "primeMover";
    if (test(/tipper/, s)) return "tipper";
    if (test(/curtain/, s)) return "curtainsider";
    if (test(/pantech|box|refrigerat|freezer/, s)) return "pantech";
    if (test(/tray|table.?top|flat.?deck|drop.?side|tilt/, s)) return "tray";
    if (test(/cab.?chassis/, s)) return "cabChassis";
    if (test(/van|bus/, s)) return "van";
    return null;
  }
  if (test(/cab.?chassis/, s)) return "cabChassis";
  if (test(/\bute\b|utility|pick.?up|(dual|double|crew|single|space|extra|king|super) cab/, s)) return "ute";
  if (test(/people.?mover|\bmpv\b|minivan/, s)) return "peopleMover";
  if (test(/convertible|cabrio|roadster|spyder|spider|soft.?top/, s)) return "convertible";
  if (test(/coup[eé]/, s)) return "coupe";
  if (test(/hatch|liftback|sportback/, s)) return "hatch";
  if (test(/\bsuv\b|crossover|4wd|sport utility/, s)) return "suv";
  if (test(/wagon|estate|avant|tourer/, s)) return "wagon";
  if (test(/sedan|saloon/, s)) return "sedan";
  if (test(/van|bus/, s)) return "van";
  return null;
}

/** The drawings the picture renderer has (URL path segment). */
export const PICTURE_BODIES = [
  "sedan", "hatch", "suv", "ute", "wagon", "van", "coupe", "convertible", "people-mover", "cab-chassis",
  "motorcycle", "scooter", "truck-cab-chassis", "truck-tray", "truck-box", "truck-tipper", "prime-mover",
  "caravan", "pop-top", "camper-trailer",
] as const;
export type PictureBody = (typeof PICTURE_BODIES)[number];

/** The drawing for a normalised body type of a kind of vehicle. */
export function pictureBody(body: BodyType | null, itemType: ItemType = "car"): PictureBody {
  switch (itemType) {
    case "motorcycle":
      return body === "scooter" ? "scooter" : "motorcycle";
    case "caravan":
      return body === "popTop" ? "pop-top" : body === "camperTrailer" ? "camper-trailer" : "caravan";
    case "truck":
      if (body === "primeMover") return "prime-mover";
      if (body === "tipper") return "truck-tipper";
      if (body === "tray") return "truck-tray";
      if (body === "cabChassis") return "truck-cab-chassis";
      if (body === "van") return "van";
      return "truck-box";
    default: {
      const car: Partial<Record<BodyType, PictureBody>> = {
        sedan: "sedan", hatch: "hatch", suv: "suv", ute: "ute", wagon: "wagon", van: "van", coupe: "coupe",
        convertible: "convertible", peopleMover: "people-mover", cabChassis: "cab-chassis",
      };
      return (body && car[body]) || "sedan";
    }
  }
}

/** Whether a drawing has a cabin to show inside (motorcycles have none). */
export const hasInterior = (body: PictureBody) => body !== "motorcycle" && body !== "scooter";

// ---------------------------------------------------------------------------------------------
// Picture views and URLs

/** Exterior views for the gallery, as the angle (degrees) the vehicle is turned by. */
export const EXTERIOR_VIEWS = {
  "front-right": -35,
  right: 0,
  "rear-right": 35,
  rear: 90,
  "rear-left": 145,
  left: 180,
  "front-left": 215,
  front: 270,
} as const;
export type ExteriorView = keyof typeof EXTERIOR_VIEWS;

/** Frames of the 360° spin; frame i shows the vehicle turned by SPIN_START + i × 360 / SPIN_FRAMES degrees. */
export const SPIN_FRAMES = 24;
export const SPIN_START = -35;
export const spinView = (frame: number) => `spin-${String(frame).padStart(2, "0")}`;
export const spinAngle = (frame: number) => SPIN_START + (frame * 360) / SPIN_FRAMES;

/** Cabin views (the colour in their URL is the trim's); interior-pano is the wide 360° interior picture. */
export const INTERIOR_VIEWS = ["interior-front", "interior-seats", "interior-rear", "interior-pano"] as const;
export type InteriorView = (typeof INTERIOR_VIEWS)[number];

export const PICTURE_FORMATS = ["jpg", "webp"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export interface PictureRequest {
  body: PictureBody;
  hex: string;
  view: string;
  format: PictureFormat;
  /** The angle for exterior and spin views; null for interior views. */
  angle: number | null;
  /** The model key of a model's own drawing ("mazda-cx-5"); absent for the body's generic drawing. */
  model?: string;
}

/** The shape of a model key in a picture URL (whether the model exists is the picture server's to say). */
export const PICTURE_MODEL_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_MODEL_KEY = 48;

export const PICTURE_PREFIX = "/media/vehicles";

/** The URL of a generated picture: /media/vehicles/{body}[/{model}]/{hex}/{view}.{format}. */
export function pictureUrl(body: PictureBody, hex: string, view: string, format: PictureFormat = "jpg", model?: string | null): string {
  return `${PICTURE_PREFIX}/${body}${model ? `/${model}` : ""}/${hex.replace(/^#/, "").toLowerCase()}/${view}.${format}`;
}

/** Reads the segments after /media/vehicles/; null for anything that is not a picture the renderer makes. */
export function parsePicturePath(segments: readonly string[]): PictureRequest | null {
  if (segments.length !== 3 && segments.length !== 4) return null;
  const [body, ...rest] = segments;
  const model = rest.length === 3 ? rest.shift()! : undefined;
  if (model !== undefined && (model.length > MAX_MODEL_KEY || !PICTURE_MODEL_KEY.test(model))) return null;
  const [hex, file] = rest;
  if (!(PICTURE_BODIES as readonly string[]).includes(body)) return null;
  if (!/^[0-9a-f]{6}$/.test(hex) || !PICTURE_COLOURS.has(hex)) return null;
  const m = /^([a-z0-9-]+)\.(jpg|webp)$/.exec(file);
  if (!m) return null;
  const [, view, format] = m;
  let angle: number | null;
  if (view in EXTERIOR_VIEWS) angle = EXTERIOR_VIEWS[view as ExteriorView];
  else if (/^spin-\d\d$/.test(view) && Number(view.slice(5)) < SPIN_FRAMES) angle = spinAngle(Number(view.slice(5)));
  else if ((INTERIOR_VIEWS as readonly string[]).includes(view) && hasInterior(body as PictureBody)) angle = null;
  else return null;
  return { body: body as PictureBody, hex, view, format: format as PictureFormat, angle, ...(model ? { model } : {}) };
}
