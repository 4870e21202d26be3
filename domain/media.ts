/**
 * Vehicle media rules shared by server and browser (no I/O):
 *   - image URLs through Next's optimiser with the spec's width (850) and quality (90; 75 sidebar);
 *   - the normalised body types search facets on, and the drawing each one gets;
 *   - the paint and trim palette pictures are drawn in, and the basic colour search facets on;
 *   - the URL shape of generated vehicle pictures: /media/vehicles/{body}/{hex}/{view}.{jpg|webp}
 *     (the body type's generic drawing) and /media/vehicles/{body}/{model}/{hex}/{view}.{jpg|webp}
 *     (one model's own drawing; which model keys exist is the server's to say).
 */

// ---------------------------------------------------------------------------------------------
// Image URLs (Next's image optimisation; next.config.ts lists the same widths and qualities)

/** Spec §7: media load with width 850 by default … */
export const DEFAULT_IMAGE_WIDTH = 850;
/** … and quality 90 … */
export const IMAGE_QUALITY = 90;
/** … or 75 in the sidebar variant. */
export const SIDEBAR_IMAGE_QUALITY = 75;
/** Widths the optimiser accepts (next.config.ts images.deviceSizes + imageSizes). */
export const IMAGE_DEVICE_SIZES = [640, 750, 828, 850, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SIZES = [32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_QUALITIES = [75, 90] as const;
const ALL_WIDTHS = [...IMAGE_SIZES, ...IMAGE_DEVICE_SIZES];

/** The allowed width nearest above `width` (the optimiser answers 400 to any other). */
export function allowedWidth(width: number): number {
  return ALL_WIDTHS.find((w) => w >= width) ?? ALL_WIDTHS[ALL_WIDTHS.length - 1];
}

function allowedQuality(quality: number): number {
  return IMAGE_QUALITIES.reduce((best, q) => (Math.abs(q - quality) < Math.abs(best - quality) ? q : best), IMAGE_QUALITIES[0]);
}

/**
 * The URL of `src` resized to `width` at `quality` through /_next/image (which also picks WebP
 * when the browser takes it). Local pictures only: remote URLs, data: URLs and SVGs come back
 * unchanged.
 */
export function imageUrl(src: string, opts: { width?: number; quality?: number } = {}): string {
  if (!src.startsWith("/") || src.startsWith("//") || /\.svg(\?|$)/i.test(src)) return src;
  const w = allowedWidth(opts.width ?? DEFAULT_IMAGE_WIDTH);
  const q = allowedQuality(opts.quality ?? IMAGE_QUALITY);
  return `/_next/image?url=${encodeURIComponent(src)}&w=${w}&q=${q}`;
}

/** A srcset for `src` at the given widths (default: phone to desktop). */
export function imageSrcSet(src: string, opts: { widths?: readonly number[]; quality?: number } = {}): string {
  const widths = [...new Set((opts.widths ?? [640, 850, 1200]).map(allowedWidth))];
  return widths.map((w) => `${imageUrl(src, { width: w, quality: opts.quality })} ${w}w`).join(", ");
}

/** For next/image's `loader` prop (client components) or a loaderFile. */
export const imageLoader = ({ src, width, quality }: { src: string; width: number; quality?: number }) => imageUrl(src, { width, quality });

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
// Colours

/** The basic colours search facets on, with the hex a picture falls back to. */
export const BASIC_COLOURS = {
  White: "f2f2ef", Silver: "b8bbbe", Grey: "767a7f", Black: "141517", Red: "b3191f", Blue: "1f4f99",
  Green: "3d5e45", Beige: "cbb894", Brown: "6b4a32", Orange: "e06a1b", Yellow: "f0c419", Purple: "5b2a5a", Gold: "b8963e",
} as const;
export type BasicColour = keyof typeof BASIC_COLOURS;

/** Named paints the demo stock wears (pictures use their exact hex). */
export const PAINTS: readonly { name: string; hex: string; basic: BasicColour }[] = [
  { name: "Glacier White", hex: "f1f2ef", basic: "White" },
  { name: "Crystal White Pearl", hex: "ebe9e3", basic: "White" },
  { name: "Arctic White", hex: "f7f7f5", basic: "White" },
  { name: "Alpine White", hex: "f4f4f1", basic: "White" },
  { name: "Silver Pearl", hex: "b9bcbf", basic: "Silver" },
  { name: "Titanium Silver", hex: "a7abae", basic: "Silver" },
  { name: "Sonic Grey", hex: "8c8f93", basic: "Grey" },
  { name: "Machine Grey", hex: "6e7073", basic: "Grey" },
  { name: "Graphite Grey", hex: "4a4d52", basic: "Grey" },
  { name: "Eclipse Black", hex: "17181a", basic: "Black" },
  { name: "Jet Black", hex: "0d0d0e", basic: "Black" },
  { name: "Soul Red Crystal", hex: "9e1b22", basic: "Red" },
  { name: "Flame Red", hex: "c4161c", basic: "Red" },
  { name: "Deep Blue", hex: "1f3a6b", basic: "Blue" },
  { name: "Lunar Blue", hex: "2f4f7a", basic: "Blue" },
  { name: "Electric Blue", hex: "1d64c8", basic: "Blue" },
  { name: "Ocean Teal", hex: "24727a", basic: "Blue" },
  { name: "Olive Green", hex: "59623f", basic: "Green" },
  { name: "Cypress Green", hex: "3d5a45", basic: "Green" },
  { name: "Sand Beige", hex: "c8b48f", basic: "Beige" },
  { name: "Bronze", hex: "8a6a45", basic: "Brown" },
  { name: "Sunset Orange", hex: "e06a1b", basic: "Orange" },
  { name: "Racing Yellow", hex: "efc11a", basic: "Yellow" },
  { name: "Plum", hex: "5b2a4a", basic: "Purple" },
];

/** Interior trims (pictures of the cabin are drawn in these). */
export const TRIMS: readonly { name: string; hex: string }[] = [
  { name: "Black Cloth", hex: "24262a" },
  { name: "Black Leather", hex: "1a1b1e" },
  { name: "Grey Cloth", hex: "5d6066" },
  { name: "Beige Leather", hex: "cdb893" },
  { name: "Tan Leather", hex: "9a6a3c" },
  { name: "Red Leather", hex: "7d1f22" },
  { name: "Oak Timber", hex: "b08a5c" },
];

const COLOUR_WORDS: [RegExp, BasicColour][] = [
  [/^(white|ivory|snow|frost|glacier|alpine|arctic|polar)$/, "White"],
  [/^(silver|platinum|quicksilver)$/, "Silver"],
  [/^(grey|gray|graphite|titanium|gunmetal|charcoal|slate|magnetic|concrete|carbon|steel)$/, "Grey"],
  [/^(black|ebony|onyx|obsidian|midnight|jet|ink)$/, "Black"],
  [/^(red|maroon|burgundy|crimson|ruby|scarlet|cherry)$/, "Red"],
  [/^(blue|navy|teal|aqua|azure|sapphire|cobalt|turquoise)$/, "Blue"],
  [/^(green|olive|emerald|khaki|lime|forest|jade|cypress)$/, "Green"],
  [/^(beige|sand|champagne|cream|stone|desert)$/, "Beige"],
  [/^(brown|bronze|copper|mocha|tan|chestnut|caramel)$/, "Brown"],
  [/^(orange|tangerine|amber)$/, "Orange"],
  [/^(yellow|lemon|mustard)$/, "Yellow"],
  [/^(purple|plum|violet|magenta|lilac)$/, "Purple"],
  [/^(gold|golden)$/, "Gold"],
];

/** The basic colour of a paint name ("Soul Red Crystal" → Red), or null when no colour word is in it. */
export function basicColour(name: string | null | undefined): BasicColour | null {
  if (!name) return null;
  const paint = PAINTS.find((p) => p.name.toLowerCase() === name.trim().toLowerCase());
  if (paint) return paint.basic;
  // The colour word is usually the noun at the end ("Crystal White Pearl"): read right to left.
  const words = name.toLowerCase().split(/[^a-z]+/).filter(Boolean).reverse();
  for (const w of words) for (const [re, colour] of COLOUR_WORDS) if (re.test(w)) return colour;
  return null;
}

/** The hex (no #) a vehicle of this colour is drawn in: the named paint's, else its basic colour's, else silver. */
export function paintHex(name: string | null | undefined): string {
  const paint = PAINTS.find((p) => p.name.toLowerCase() === (name ?? "").trim().toLowerCase());
  if (paint) return paint.hex;
  return BASIC_COLOURS[basicColour(name) ?? "Silver"];
}

/** The hex (no #) a cabin of this trim is drawn in. */
export function trimHex(name: string | null | undefined): string {
  const n = (name ?? "").trim().toLowerCase();
  const trim = TRIMS.find((t) => t.name.toLowerCase() === n);
  if (trim) return trim.hex;
  if (/beige|cream|sand|stone|ivory/.test(n)) return TRIMS[3].hex;
  if (/tan|brown|saddle|cognac|oak|timber/.test(n)) return TRIMS[4].hex;
  if (/red|burgundy/.test(n)) return TRIMS[5].hex;
  if (/grey|gray|silver/.test(n)) return TRIMS[2].hex;
  return TRIMS[0].hex;
}

/** Every colour a picture may be drawn in (the picture route refuses others, so its disk cache stays bounded). */
export const PICTURE_COLOURS: ReadonlySet<string> = new Set([
  ...Object.values(BASIC_COLOURS), ...PAINTS.map((p) => p.hex), ...TRIMS.map((t) => t.hex),
]);

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
