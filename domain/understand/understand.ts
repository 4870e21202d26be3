/**
 * Understanding a request typed in the search box (issue 34): "white diesel ute under 40k with less
 * than 50,000 km" becomes the site's own filters — refinementList { body: [ute], colour: [White],
 * fuel: [Diesel] }, range { price: ":40000", km: ":50000" } — read against the site's facet values
 * (given, from its search response: never a hard-coded tenant) and the synonym table (synonyms.json).
 * Words it cannot place stay as the text query. Pure, no I/O; about 20 µs a request.
 *
 * Rules for the numbers (AU/NZ words):
 * - "40k", "$40,000", "40 grand", "40 thousand" are dollars; "k" after a number is thousands.
 * - under / below / less than / max / up to / no more than / budget → an upper end; over / above /
 *   more than / from / at least / min → a lower end; between A and B, A-B, A to B → both ends; a
 *   price with no word before it is a budget (an upper end).
 * - around / about / approx / roughly / ~ → ±10 % of the figure (AROUND_SHARE), as a range.
 * - km / kms / kilometres → the odometer; "low km(s)" → under 50,000 km (LOW_KM).
 * - a week / per week / pw / /wk → the weekly price.
 * - "7 seater", "7 seats" → at least 7 seats.
 * - a year (1980 to next year): "2019 or newer", "2019+", "from 2019" → 2019 on; "after 2019" → 2020
 *   on; "before 2015" → up to 2014; "2015-2018" → both; a year alone → that year; "under 5 years old"
 *   → this year − 5 on.
 * - "cheap" / "affordable" / "budget" / "bargain" with no figure → under the price below which the
 *   cheapest quarter of the site's priced stock lies (from its price_range facet), else CHEAP_FALLBACK.
 * - "near 2148", "near Parramatta", "around Hobart", "within 50 km of Hobart" → `near` (distance is
 *   wired into the engine later; the place words leave the query). A bare 4-digit number that is no
 *   year is a postcode.
 * - towing ("towing 3500kg") names no filter any site has (the search records carry no towing
 *   capacity): its words stay in the query.
 * A filter on an attribute whose facet has one value narrows nothing (a used-only site's "used"): the
 * word is understood and dropped. Ranges are written as the sliders keep them (normaliseRange: price
 * and km in whole thousands), so the result is exactly the state the URL reads back.
 */
import { normaliseRange } from "../search-rules";
import { LIST_ATTRIBUTES, RANGE_ATTRIBUTES, UNDERSTAND_FACETS, VALUE_ATTRIBUTES } from "./attributes";
import { chipRank, rangeText, selfDescribing, valueText, type Money } from "./labels";
import data from "./synonyms.json";

/** Facet values and their counts, as a search response's `facets` gives them. */
export type Facets = Record<string, Record<string, number>>;

export interface UnderstandOptions {
  /** Where new and demo are joined, "new" selects both (as the car type slider does). */
  joinNewAndDemo?: boolean;
  /** The clock for "5 years old" and what counts as a year (1980 to next year). */
  now?: Date;
  /** Chips' money and number format; Australian dollars by default. */
  money?: Money;
}

export interface Chip {
  attribute: string;
  /** The facet value, or the range "lo:hi". */
  value: string;
  label: string;
}

export interface Understood {
  refinementList: Record<string, string[]>;
  range: Record<string, string>;
  query: string;
  near?: { place: string; radiusKm?: number };
  chips: Chip[];
}

export { LIST_ATTRIBUTES, RANGE_ATTRIBUTES, UNDERSTAND_FACETS, VALUE_ATTRIBUTES };

/** "around $30k": 10 % either side. */
export const AROUND_SHARE = 0.1;
/** "low kms": under 50,000 km. */
export const LOW_KM = 50_000;
/** "cheap": the share of the site's priced stock at or under the bound. */
export const CHEAP_SHARE = 0.25;
/** "cheap" where the site's price ranges are unknown. */
export const CHEAP_FALLBACK = 15_000;

// ---------------------------------------------------------------------------------------------
// Tokens

interface Token {
  raw: string;
  /** Lower-case letters and digits only ("cx-5" → "cx5"). */
  key: string;
  /** A number's value (with k or thousand applied later). */
  num?: number;
  dollar?: boolean;
  /** Written against the token before it ("3500kg"): the query joins them again. */
  glued?: boolean;
  /** "40k": thousands written. */
  k?: boolean;
  used?: boolean;
}

const keyOf = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "");

const UNIT_SUFFIX = /^(\d+(?:\.\d+)?)(k|km|kms|klms|kg|kgs|t|pw|seater|seaters|seats|yo|grand|l)$/;
const WORD_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };

function tokenize(text: string): Token[] {
  const s = text.toLowerCase().replace(/[‐-―−]/g, "-").replace(/[‘’]/g, "'").replace(/(\d),(?=\d{3}(?!\d))/g, "$1");
  const out: Token[] = [];
  const re = /(\$)?(\d+(?:\.\d+)?)(k)?(?![a-z0-9])|[a-z0-9]+(?:['-][a-z0-9]+)*|[$<>~+/-]/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[2] !== undefined) {
      const value = Number(m[2]);
      out.push({ raw: m[0].replace(/^\$/, "").trim(), key: keyOf(m[2]), num: m[3] ? value * 1000 : value, dollar: !!m[1], k: !!m[3] });
      if (m[1]) out[out.length - 1].raw = m[0];
      continue;
    }
    const word = m[0];
    const unit = UNIT_SUFFIX.exec(word);
    if (unit) {
      const value = Number(unit[1]);
      if (unit[2] === "k") out.push({ raw: word, key: keyOf(word), num: value * 1000, k: true });
      else {
        out.push({ raw: unit[1], key: unit[1], num: value });
        out.push({ raw: unit[2], key: unit[2], glued: true });
      }
      continue;
    }
    out.push({ raw: word, key: keyOf(word) });
  }
  // A lone "$" gives its dollar to the number after it; a "-" joins only two numbers ("20-30k", not "7-seater").
  for (let i = 0; i < out.length - 1; i++) if (out[i].raw === "$" && out[i + 1].num !== undefined) out[i + 1].dollar = true;
  return out.filter((t, i) => (t.raw !== "$" && t.raw !== "-") || (t.raw === "-" && out[i - 1]?.num !== undefined && out[i + 1]?.num !== undefined));
}

// ---------------------------------------------------------------------------------------------
// Vocabulary: the site's facet values and the synonym table, by key

interface Target {
  attribute: string;
  values: string[];
}

interface Vocabulary {
  /** key → targets: exact facet values first, then synonyms, then a multi-word value's first word. */
  words: Map<string, Target[]>;
  noise: Set<string>;
  /** Attributes with more than one value (a filter on them narrows). */
  narrowing: Set<string>;
  cheap: number;
  /** The longest phrase, in tokens. */
  longest: number;
}

const NOISE = new Set(data.noise.map(keyOf));
const PREFIX_STOP = new Set([...NOISE, "series", "new", "grand", "sport", "cross"]);
const vocabularies = new WeakMap<Facets, Vocabulary>();

function vocabulary(facets: Facets): Vocabulary {
  const known = vocabularies.get(facets);
  if (known) return known;
  const exact = new Map<string, Target[]>();
  const prefix = new Map<string, Target[]>();
  const add = (map: Map<string, Target[]>, key: string, target: Target) => {
    if (!key) return;
    const list = map.get(key) ?? [];
    const same = list.find((t) => t.attribute === target.attribute);
    if (same) same.values = [...new Set([...same.values, ...target.values])];
    else list.push({ ...target, values: [...target.values] });
    map.set(key, list);
  };
  const narrowing = new Set<string>();
  for (const attribute of VALUE_ATTRIBUTES) {
    const values = Object.keys(facets[attribute] ?? {});
    if (values.length > 1) narrowing.add(attribute);
    for (const value of values) {
      add(exact, keyOf(value), { attribute, values: [value] });
      if (attribute === "body") add(exact, keyOf(valueText("body", value)), { attribute, values: [value] });
      // "landcruiser" → LandCruiser 300, "isuzu" → Isuzu UTE and Isuzu Trucks, "mercedes" → Mercedes-Benz.
      if (attribute === "make" || attribute === "model") {
        const first = value.toLowerCase().split(/[^a-z0-9]+/)[0];
        if (first !== value.toLowerCase() && first.length >= 3 && !/^\d+$/.test(first) && !PREFIX_STOP.has(first)) add(prefix, first, { attribute, values: [value] });
      }
    }
  }
  const words = new Map<string, Target[]>(exact);
  let longest = 4;
  for (const entry of data.phrases) {
    // The first alternative the site has values for.
    const target = entry.to.map((t) => ({ attribute: t.attribute, values: t.values.filter((v) => facets[t.attribute]?.[v] !== undefined) })).find((t) => t.values.length);
    for (const phrase of entry.words) {
      const key = keyOf(phrase);
      longest = Math.max(longest, phrase.split(/[\s-]+/).length);
      if (exact.has(key)) continue;
      // A synonym the site has no value for is still a known word: it stays in the query rather than being read as a place.
      if (!words.has(key)) words.set(key, target ? [target] : []);
    }
  }
  for (const [key, targets] of prefix) if (!words.has(key)) words.set(key, targets);
  const vocab: Vocabulary = { words, noise: NOISE, narrowing, cheap: cheapBound(facets.price_range), longest };
  vocabularies.set(facets, vocab);
  return vocab;
}

/** The upper end of the price range in which the cheapest CHEAP_SHARE of the priced stock ends. */
function cheapBound(ranges: Record<string, number> | undefined): number {
  if (!ranges) return CHEAP_FALLBACK;
  const buckets: { max: number; count: number }[] = [];
  let total = 0;
  for (const [label, count] of Object.entries(ranges)) {
    const amounts = [...label.matchAll(/\$([\d,]+)/g)].map((m) => Number(m[1].replace(/,/g, "")));
    if (!amounts.length || label.endsWith("+")) {
      if (amounts.length) total += count;
      continue;
    }
    buckets.push({ max: amounts[amounts.length - 1], count });
    total += count;
  }
  if (!total) return CHEAP_FALLBACK;
  buckets.sort((a, b) => a.max - b.max);
  let seen = 0;
  for (const b of buckets) {
    seen += b.count;
    if (seen >= total * CHEAP_SHARE) return b.max;
  }
  return buckets.at(-1)?.max ?? CHEAP_FALLBACK;
}

/** The targets a key names, also read as a plural ("utes", "hatches"). */
function lookup(vocab: Vocabulary, key: string): Target[] | undefined {
  return vocab.words.get(key) ?? (key.length > 3 && key.endsWith("s") ? (vocab.words.get(key.slice(0, -1)) ?? (key.endsWith("es") ? vocab.words.get(key.slice(0, -2)) : undefined)) : undefined);
}

// ---------------------------------------------------------------------------------------------
// Numbers

type Ends = { lo?: number; hi?: number };

const PHRASES = {
  upper: ["under", "below", "less than", "lower than", "cheaper than", "max", "maximum", "up to", "upto", "no more than", "not more than", "at most", "<", "budget of", "budget", "within", "till", "until", "not over"],
  lower: ["over", "above", "more than", "greater than", "at least", "min", "minimum", "from", ">", "starting at", "starting from", "since", "no less than"],
  around: ["around", "about", "approx", "approximately", "roughly", "~", "circa", "ballpark", "near enough to"],
  after: ["after", "newer than", "later than", "younger than"],
  before: ["before", "older than", "earlier than", "pre"],
  postUpper: ["or less", "or under", "and under", "or below", "and below", "or lower", "max", "maximum", "tops", "or cheaper", "or older", "or earlier", "and older", "or before", "at most"],
  postLower: ["or more", "and over", "and above", "or above", "plus", "+", "or newer", "or later", "and newer", "and later", "onwards", "onward", "and up", "or after", "or over", "at least", "on"],
  km: ["km", "kms", "klms", "kilometres", "kilometers", "kilometre", "kilometer", "k's", "ks", "on the clock", "on the odometer", "odometer", "mileage", "miles"],
  week: ["a week", "per week", "pw", "p / w", "/ wk", "/ week", "/ w", "weekly", "each week", "a wk", "per wk", "per wk", "wk"],
  seats: ["seater", "seaters", "seats", "seat"],
  yearsOld: ["years old", "year old", "yo", "yrs old", "yr old"],
  weight: ["kg", "kgs", "kilos", "t", "tonne", "tonnes", "ton", "tons"],
  tow: ["towing", "tow", "tows", "towing capacity", "tow capacity", "braked towing", "to tow", "that can tow", "can tow"],
  thousand: ["k", "grand", "thousand", "g"],
  between: ["-", "to", "and", "or"],
  cheap: ["cheap", "cheapest", "affordable", "bargain", "inexpensive", "budget", "low price", "low priced", "cheaper", "on a budget"],
  lowKm: ["low km", "low kms", "low kilometres", "low kilometers", "low mileage", "low ks", "low k's", "low klms", "low odometer"],
  place: data.placeWords,
  radius: ["within"],
};

type PhraseSet = keyof typeof PHRASES;
// Each phrase as token keys, longest first; a symbol ("<", "+", "/") as itself.
const PHRASE_KEYS = Object.fromEntries(Object.entries(PHRASES).map(([k, list]) => [k, list.map((p) => p.split(/\s+/).map((w) => keyOf(w) || w)).sort((a, b) => b.length - a.length)])) as Record<PhraseSet, string[][]>;

/** How many tokens from i spell one of the set's phrases (0: none). */
function phraseAt(tokens: Token[], i: number, set: PhraseSet): number {
  outer: for (const words of PHRASE_KEYS[set]) {
    for (let j = 0; j < words.length; j++) {
      const t = tokens[i + j];
      if (!t || t.used || (t.key || t.raw) !== words[j]) continue outer;
    }
    return words.length;
  }
  return 0;
}

interface Quantity {
  start: number;
  end: number;
  a: number;
  b?: number;
  dollar: boolean;
  k: boolean;
  prefix?: "upper" | "lower" | "around" | "after" | "before";
  postfix?: "upper" | "lower";
  unit?: "km" | "week" | "seats" | "yearsOld" | "weight";
}

const isNum = (t: Token | undefined): t is Token & { num: number } => !!t && !t.used && t.num !== undefined;

/** Reads "[comparator] [$]A[k] [- B[k]] [unit] [or more…]" at i. */
function readQuantity(tokens: Token[], i: number): Quantity | null {
  let j = i;
  let prefix: Quantity["prefix"];
  for (const p of ["upper", "lower", "around", "after", "before"] as const) {
    const n = phraseAt(tokens, j, p);
    if (n && isNum(tokens[j + n])) {
      prefix = p;
      j += n;
      break;
    }
  }
  // "between 20 and 30k"
  let between = false;
  if (!prefix && tokens[j]?.key === "between" && isNum(tokens[j + 1])) {
    between = true;
    j++;
  }
  const first = tokens[j];
  if (!isNum(first)) return null;
  let a = first.num;
  let dollar = !!first.dollar;
  let k = !!first.k;
  j++;
  const thousands = () => {
    const n = phraseAt(tokens, j, "thousand");
    if (n) {
      j += n;
      return true;
    }
    return false;
  };
  if (!k && thousands()) {
    a *= 1000;
    k = true;
  }
  let b: number | undefined;
  const sep = phraseAt(tokens, j, "between");
  if (sep && isNum(tokens[j + sep]) && (between || sep === 1 || tokens[j]?.key === "to")) {
    const second = tokens[j + sep] as Token & { num: number };
    // "20-30k", "$20k - $30k", "2015 to 2018", "between 20 and 30k"
    if (between || tokens[j].raw === "-" || tokens[j].key === "to") {
      j += sep + 1;
      b = second.num;
      let bk = !!second.k;
      if (!bk && thousands()) {
        b *= 1000;
        bk = true;
      }
      if (bk && !k && a < 1000) a *= 1000;
      k ||= bk;
      dollar ||= !!second.dollar;
    }
  }
  let unit: Quantity["unit"];
  for (const u of ["km", "week", "seats", "yearsOld", "weight"] as const) {
    const n = phraseAt(tokens, j, u);
    if (n) {
      unit = u;
      j += n;
      break;
    }
  }
  let postfix: Quantity["postfix"];
  for (const p of [["postUpper", "upper"], ["postLower", "lower"]] as const) {
    const n = phraseAt(tokens, j, p[0]);
    if (n) {
      postfix = p[1];
      j += n;
      break;
    }
  }
  return { start: i, end: j, a, b, dollar, k, prefix, postfix, unit };
}

/** A quantity's ends: a range given, else the comparator's side, else the default side. */
function endsOf(q: Quantity, defaultSide: "lo" | "hi" | "both"): Ends {
  if (q.b !== undefined) return { lo: Math.min(q.a, q.b), hi: Math.max(q.a, q.b) };
  if (q.prefix === "around") return { lo: Math.round(q.a * (1 - AROUND_SHARE)), hi: Math.round(q.a * (1 + AROUND_SHARE)) };
  if (q.prefix === "upper" || q.postfix === "upper") return { hi: q.a };
  if (q.prefix === "lower" || q.postfix === "lower") return { lo: q.a };
  if (q.prefix === "after") return { lo: q.a + 1 };
  if (q.prefix === "before") return { hi: q.a - 1 };
  return defaultSide === "lo" ? { lo: q.a } : defaultSide === "hi" ? { hi: q.a } : { lo: q.a, hi: q.a };
}

// ---------------------------------------------------------------------------------------------
// The parser

/**
 * Turns a request into the site's filters. `facets` are the site's facet values (make, model, body,
 * colour, fuel, transmission, drive, car_type, item_type; price_range for "cheap"): only values
 * there become filters.
 */
export function understand(text: string, facets: Facets, options: UnderstandOptions = {}): Understood {
  const vocab = vocabulary(facets);
  const tokens = tokenize(text.slice(0, 512));
  const year = (options.now ?? new Date()).getFullYear();
  const isYear = (n: number) => Number.isInteger(n) && n >= 1980 && n <= year + 1;
  const lists = new Map<string, Set<string>>();
  const ranges = new Map<string, Ends>();
  let near: Understood["near"];

  const refine = (attribute: string, values: string[]) => {
    const set = lists.get(attribute) ?? new Set<string>();
    for (const v of values) set.add(v);
    lists.set(attribute, set);
  };
  const narrow = (attribute: string, ends: Ends) => {
    const was = ranges.get(attribute) ?? {};
    ranges.set(attribute, {
      lo: was.lo === undefined ? ends.lo : ends.lo === undefined ? was.lo : Math.max(was.lo, ends.lo),
      hi: was.hi === undefined ? ends.hi : ends.hi === undefined ? was.hi : Math.min(was.hi, ends.hi),
    });
  };
  const consume = (from: number, to: number) => {
    for (let x = from; x < to; x++) tokens[x].used = true;
  };
  /** Whether a token is a word the parser knows (a value, a synonym, a number word): the end of a place name. */
  const knownWord = (t: Token) => t.num !== undefined || !t.key || !!lookup(vocab, t.key) || vocab.noise.has(t.key) || PLACE_STOPS.has(t.key);

  // Pass 1: places, numbers and vague words.
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].used) continue;

    // "within 50 km of Hobart"
    const within = phraseAt(tokens, i, "radius");
    if (within && isNum(tokens[i + 1]) && phraseAt(tokens, i + 2, "km") && ["of", "from"].includes(tokens[i + 2 + phraseAt(tokens, i + 2, "km")]?.key ?? "")) {
      const after = i + 3 + phraseAt(tokens, i + 2, "km");
      // "within 50 km of 2148": a postcode; else a place name.
      const end = isPostcode(tokens[after]) ? after + 1 : placeEnd(tokens, after, knownWord);
      if (end > after) {
        near = { place: placeText(tokens, after, end), radiusKm: tokens[i + 1].num };
        consume(i, end);
        continue;
      }
    }
    // "near 2148", "near Parramatta", "around Hobart" (not "around $30k")
    const placeWord = phraseAt(tokens, i, "place");
    if (placeWord && !(PHRASES.radius.includes(tokens[i].key) && placeWord === 1)) {
      const at = i + placeWord;
      const t = tokens[at];
      // "around" before a number is a price ("around 3000"); "near 2148" a postcode.
      if (isNum(t) && !t.dollar && !t.k && /^\d{4}$/.test(t.raw) && tokens[i].key !== "around") {
        near = { place: t.raw };
        consume(i, at + 1);
        continue;
      }
      if (t && !isNum(t)) {
        const end = placeEnd(tokens, at, knownWord);
        if (end > at) {
          near = { place: placeText(tokens, at, end) };
          consume(i, end);
          continue;
        }
      }
    }
    // "low kms"
    const lowKm = phraseAt(tokens, i, "lowKm");
    if (lowKm) {
      narrow("km", { hi: LOW_KM });
      consume(i, i + lowKm);
      continue;
    }
    // "7 seater", "seven seats"
    if (tokens[i].key in WORD_NUMBERS && phraseAt(tokens, i + 1, "seats")) {
      narrow("seats", { lo: WORD_NUMBERS[tokens[i].key] });
      consume(i, i + 1 + phraseAt(tokens, i + 1, "seats"));
      continue;
    }
    // "towing 3500kg": no site has a towing filter; the words stay.
    const tow = phraseAt(tokens, i, "tow");
    if (tow) {
      const q = readQuantity(tokens, i + tow);
      if (q) {
        i = q.end - 1;
        continue;
      }
    }
    const q = readQuantity(tokens, i);
    if (!q) continue;
    const afterTow = phraseAt(tokens, q.end, "tow");
    if (q.unit === "weight" || afterTow) {
      i = q.end + afterTow - 1;
      continue;
    }
    if (q.unit === "km") narrow("km", endsOf({ ...q, a: q.a, b: q.b }, "hi"));
    else if (q.unit === "week") narrow("weekly_price", endsOf(q, "hi"));
    else if (q.unit === "seats") narrow("seats", q.b === undefined && q.postfix !== "upper" && q.prefix !== "upper" ? { lo: q.a } : endsOf(q, "lo"));
    else if (q.unit === "yearsOld") {
      // "under 5 years old" → this year − 5 on; "over 10 years old" → up to this year − 10.
      const ends = endsOf(q, "hi");
      narrow("year", { lo: ends.hi !== undefined ? year - ends.hi : undefined, hi: ends.lo !== undefined ? year - ends.lo : undefined });
    } else if (!q.dollar && !q.k && isYear(q.a) && (q.b === undefined || isYear(q.b)) && q.prefix !== "around") {
      if (q.b === undefined && !q.prefix && !q.postfix) refine("year", [String(q.a)]);
      else narrow("year", endsOf(q, "lo"));
    } else if (q.dollar || q.k || q.prefix || q.postfix || q.b !== undefined) {
      // "under 40" with no unit: thousands of dollars.
      const scale = (n: number) => (!q.dollar && !q.k && n < 1000 ? n * 1000 : n);
      narrow("price", endsOf({ ...q, a: scale(q.a), b: q.b === undefined ? undefined : scale(q.b) }, "hi"));
    } else if (/^\d{4}$/.test(tokens[q.start].raw) && !isYear(q.a)) {
      // A bare four-digit number that is no year: a postcode.
      near = { place: tokens[q.start].raw };
    } else if (q.a >= 1000) {
      narrow("price", { hi: q.a });
    } else continue;
    consume(q.start, q.end);
    i = q.end - 1;
  }
  // "cheap" with no price said
  if (!ranges.has("price")) {
    for (let i = 0; i < tokens.length; i++) {
      const n = phraseAt(tokens, i, "cheap");
      if (n) {
        narrow("price", { hi: vocab.cheap });
        consume(i, i + n);
        break;
      }
    }
  }

  // Pass 2: words, longest phrase first.
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].used) continue;
    for (let n = Math.min(vocab.longest, tokens.length - i); n >= 1; n--) {
      let key = "";
      let free = true;
      for (let j = i; j < i + n; j++) {
        if (tokens[j].used) free = false;
        key += tokens[j].key;
      }
      if (!free || !key) continue;
      const targets = lookup(vocab, key);
      if (!targets?.length) {
        // Filler of several words ("new wof", "with rego"): understood, nothing to filter.
        if (n > 1 && vocab.noise.has(key)) {
          consume(i, i + n);
          i += n - 1;
          break;
        }
        continue;
      }
      for (const t of targets) refine(t.attribute, t.values);
      consume(i, i + n);
      i += n - 1;
      break;
    }
  }

  const refinementList: Record<string, string[]> = {};
  const range: Record<string, string> = {};
  for (const [attribute, set] of lists) {
    let values = [...set];
    if (attribute === "car_type" && options.joinNewAndDemo && values.includes("new") && facets.car_type?.demo !== undefined && !values.includes("demo")) values = [...values, "demo"];
    if (attribute !== "year" && !vocab.narrowing.has(attribute)) continue;
    refinementList[attribute] = values;
  }
  for (const [attribute, ends] of ranges) {
    if (attribute === "year" && refinementList.year) delete refinementList.year;
    const value = normaliseRange(attribute, `${ends.lo ?? ""}:${ends.hi ?? ""}`);
    if (value) range[attribute] = value;
  }
  const placed = Object.keys(refinementList).length > 0 || Object.keys(range).length > 0 || near !== undefined;
  // Nothing understood: the text is the query, as typed.
  const query = placed
    ? tokens
        .filter((t) => !t.used && t.key && !vocab.noise.has(t.key))
        .map((t, i) => (i && !t.glued ? ` ${t.raw}` : t.raw))
        .join("")
        .trim()
    : text.trim();
  const money = options.money ?? { locale: "en-AU", currency: "AUD" };
  return { refinementList, range, query, ...(near ? { near } : {}), chips: chipsOf(refinementList, range, money) };
}

/** A token that is a postcode: four digits, no $ or k ("near 2148"). */
const isPostcode = (t: Token | undefined) => !!t && isNum(t) && !t.dollar && !t.k && /^\d{4}$/.test(t.raw);

/** Words that end a place name ("near Parramatta under 30k"). */
const PLACE_STOPS = new Set(["under", "below", "over", "above", "less", "more", "between", "around", "about", "with", "without", "from", "up", "max", "min", "cheap", "low", "and", "or", "for"]);

/** Where a place name that starts at i ends: up to three words, none the parser knows. */
function placeEnd(tokens: Token[], i: number, known: (t: Token) => boolean): number {
  let j = i;
  while (j < tokens.length && j < i + 3 && !tokens[j].used && tokens[j].num === undefined && tokens[j].key && !known(tokens[j])) j++;
  return j;
}

const placeText = (tokens: Token[], from: number, to: number) =>
  tokens
    .slice(from, to)
    .map((t) => t.raw.replace(/(^|[\s-])([a-z])/g, (_m, s: string, c: string) => s + c.toUpperCase()))
    .join(" ");

/** The chips of a state, in CHIP_ORDER: list values, then ranges. */
export function chipsOf(refinementList: Record<string, string[]>, range: Record<string, string>, money: Money): Chip[] {
  const chips: Chip[] = [];
  for (const [attribute, values] of Object.entries(refinementList)) {
    for (const value of values) chips.push({ attribute, value, label: selfDescribing(attribute) ? valueText(attribute, value) : value });
  }
  for (const [attribute, value] of Object.entries(range)) chips.push({ attribute, value, label: rangeText(attribute, value, money) ?? value });
  return chips.map((c, i) => ({ c, i })).sort((x, y) => chipRank(x.c.attribute) - chipRank(y.c.attribute) || x.i - y.i).map((x) => x.c);
}
