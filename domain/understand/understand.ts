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
import { LOW_KM, type Chip, type Facets, type Token, type UnderstandOptions, type Understood } from "./constants";
import { chipRank, rangeText, selfDescribing, valueText, type Money } from "./labels";
import { PHRASES, WORD_NUMBERS, endsOf, isNum, phraseAt, readQuantity, tokenize, type Ends } from "./quantities";
import { lookup, vocabulary } from "./vocabulary";

export { AROUND_SHARE, CHEAP_FALLBACK, CHEAP_SHARE, LIST_ATTRIBUTES, LOW_KM, RANGE_ATTRIBUTES, UNDERSTAND_FACETS, VALUE_ATTRIBUTES } from "./constants";
export type { Chip, Facets, UnderstandOptions, Understood } from "./constants";

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
