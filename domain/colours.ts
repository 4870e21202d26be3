/** The paint and trim palette vehicle pictures are drawn in, and the basic colours search facets on. */

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
