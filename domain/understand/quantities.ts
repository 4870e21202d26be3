/**
 * The request parser's tokens and quantities (domain/understand): "under 40k", "$20k - $30k",
 * "50,000 kms or less", "2019 or newer", "7 seater", "$150 a week" read as a number or two, the
 * comparator around them and their unit. Pure.
 */
import { AROUND_SHARE, keyOf, type Token } from "./constants";
import data from "./synonyms.json";

const UNIT_SUFFIX = /^(\d+(?:\.\d+)?)(k|km|kms|klms|kg|kgs|t|pw|seater|seaters|seats|yo|grand|l)$/;
export const WORD_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };

export function tokenize(text: string): Token[] {
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

export type Ends = { lo?: number; hi?: number };

export const PHRASES = {
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
export function phraseAt(tokens: Token[], i: number, set: PhraseSet): number {
  outer: for (const words of PHRASE_KEYS[set]) {
    for (let j = 0; j < words.length; j++) {
      const t = tokens[i + j];
      if (!t || t.used || (t.key || t.raw) !== words[j]) continue outer;
    }
    return words.length;
  }
  return 0;
}

export interface Quantity {
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

export const isNum = (t: Token | undefined): t is Token & { num: number } => !!t && !t.used && t.num !== undefined;

/** Reads "[comparator] [$]A[k] [- B[k]] [unit] [or more…]" at i. */
export function readQuantity(tokens: Token[], i: number): Quantity | null {
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
export function endsOf(q: Quantity, defaultSide: "lo" | "hi" | "both"): Ends {
  if (q.b !== undefined) return { lo: Math.min(q.a, q.b), hi: Math.max(q.a, q.b) };
  if (q.prefix === "around") return { lo: Math.round(q.a * (1 - AROUND_SHARE)), hi: Math.round(q.a * (1 + AROUND_SHARE)) };
  if (q.prefix === "upper" || q.postfix === "upper") return { hi: q.a };
  if (q.prefix === "lower" || q.postfix === "lower") return { lo: q.a };
  if (q.prefix === "after") return { lo: q.a + 1 };
  if (q.prefix === "before") return { hi: q.a - 1 };
  return defaultSide === "lo" ? { lo: q.a } : defaultSide === "hi" ? { hi: q.a } : { lo: q.a, hi: q.a };
}
