/**
 * The request parser's vocabulary (domain/understand): the site's facet values and the synonym table
 * (synonyms.json), by key, and the price "cheap" means on the site. Pure.
 */
import { CHEAP_FALLBACK, CHEAP_SHARE, VALUE_ATTRIBUTES, keyOf, type Facets } from "./constants";
import { valueText } from "./labels";
import data from "./synonyms.json";

export interface Target {
  attribute: string;
  values: string[];
}

export interface Vocabulary {
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

export function vocabulary(facets: Facets): Vocabulary {
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
export function lookup(vocab: Vocabulary, key: string): Target[] | undefined {
  return vocab.words.get(key) ?? (key.length > 3 && key.endsWith("s") ? (vocab.words.get(key.slice(0, -1)) ?? (key.endsWith("es") ? vocab.words.get(key.slice(0, -2)) : undefined)) : undefined);
}
