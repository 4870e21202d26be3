/**
 * Text semantics shared by the engine and the reference: folding, tokenising, how a query word
 * matches a token (exact, prefix, typo), and highlighting.
 */
import type { HighlightResult } from "./types";

// Letters NFD does not decompose into a base letter plus marks.
const SPECIAL: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", đ: "d", ð: "d", ł: "l", þ: "th", ı: "i" };
const SPECIAL_RE = /[øæœßđðłþı]/g;
const ASCII = /^[\x00-\x7f]*$/;

/** Lower-case and strip diacritics ("Citroën" → "citroen", "Škoda" → "skoda"). */
export function fold(s: string): string {
  const lower = s.toLowerCase();
  if (ASCII.test(lower)) return lower;
  return lower.normalize("NFD").replace(/\p{M}+/gu, "").replace(SPECIAL_RE, (c) => SPECIAL[c]);
}

/** Words of a string: folded runs of letters and digits. */
export function tokenise(s: string): string[] {
  const f = fold(s);
  return (ASCII.test(f) ? f.match(/[a-z0-9]+/g) : f.match(/[\p{L}\p{N}]+/gu)) ?? [];
}

const DIGIT = /\d/;
const NUMBER = /^\d+$/;

/** A word of the query, with what it may match. */
export interface QueryWord {
  text: string;
  /** Other words it finds exactly (the index's synonyms of it). */
  synonyms: readonly string[];
  /** The last word also matches as a prefix (the visitor may still be typing it). */
  prefix: boolean;
  maxTypos: number;
}

export interface TypoConfig {
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  synonyms?: Map<string, string[]>;
}

const NONE: readonly string[] = [];

/** Algolia's limit on a query's length, in characters: a longer one is refused (400); the search page cuts it there. */
export const MAX_QUERY_LENGTH = 512;
/** Words of a query the engine matches; any after these are left out (each word costs a dictionary range). */
export const MAX_QUERY_WORDS = 64;

/**
 * Algolia's rule: 1 typo from minWordSizefor1Typo letters, 2 from minWordSizefor2Typos; none in words
 * with digits, but for numbers (all digits) when allowTyposOnNumericTokens is on — off here by default,
 * where Algolia's is on: a shopper who types 2004 wants a 2004 car, not a 2014 one. At most
 * MAX_QUERY_WORDS words, the first ones.
 */
export function queryWords(query: string, cfg: TypoConfig, typoTolerance = true, numericTypos = false, synonyms = true): QueryWord[] {
  const words = tokenise(query.slice(0, MAX_QUERY_LENGTH)).slice(0, MAX_QUERY_WORDS);
  return words.map((text, i) => ({
    text,
    synonyms: (synonyms && cfg.synonyms?.get(text)) || NONE,
    prefix: i === words.length - 1,
    maxTypos:
      !typoTolerance || (DIGIT.test(text) && !(numericTypos && NUMBER.test(text)))
        ? 0
        : text.length >= cfg.minWordSizefor2Typos
          ? 2
          : text.length >= cfg.minWordSizefor1Typo
            ? 1
            : 0,
  }));
}

/** Match codes: EXACT, PREFIX, or 2 × typos (a typo match is never exact). -1: no match. */
export const EXACT = 0;
export const PREFIX = 1;

/**
 * How `word` matches the indexed `token`: exactly, as a prefix (last word only), or with up to
 * maxTypos typos (same first letter, no digits in either, Damerau–Levenshtein distance).
 */
export function matchToken(word: QueryWord, token: string): number {
  const w = word.text;
  if (token === w || (word.synonyms.length && word.synonyms.includes(token))) return EXACT;
  if (word.prefix && token.length > w.length && token.startsWith(w)) return PREFIX;
  const k = word.maxTypos;
  if (k === 0 || token.charCodeAt(0) !== w.charCodeAt(0) || Math.abs(token.length - w.length) > k) return -1;
  // A word with typos allowed is all letters (tokens with digits never match it) or, when numeric typos are on, all digits (only numbers match it).
  if (DIGIT.test(token) && !(NUMBER.test(w) && NUMBER.test(token))) return -1;
  const d = typoDistance(w, token, k);
  return d <= k ? 2 * d : -1;
}

/**
 * A match's place in relevance order, lower first: fewer typos, then an earlier attribute, then more
 * words matched exactly (the last word typed in full rather than as a prefix).
 */
export const relevanceKey = (typos: number, attr: number, exactWords: number, words: number, attributes: number) =>
  (typos * attributes + attr) * (words + 1) + (words - exactWords);

/** The typos of a relevance key (its most significant part), for ranks that come between typos and the rest (geo). */
export const typosOfKey = (rel: number, words: number, attributes: number) => Math.floor(rel / (attributes * (words + 1)));

/** Typos counted by a match code. */
export const typosOf = (code: number) => (code <= PREFIX ? 0 : code >> 1);

// Reused DP rows for typoDistance (words are short; no allocation per call).
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment distance (a transposition is one typo), giving up above `max`. */
export function typoDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (m + 1 > rows[0].length) rows = [0, 1, 2].map(() => new Int32Array(2 * (m + 1)));
  let prev2 = rows[0];
  let prev = rows[1];
  let cur = rows[2];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

const foldedChars = new Map<string, string>();
const ALNUM = /^[\p{L}\p{N}]+$/u;
const isAsciiAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/**
 * Calls `visit` for each token of `s` with its position in `s`: [start, end), and for non-ASCII text
 * `ends[i]`, where the token's first i+1 folded characters end. ASCII — the common case — is
 * scanned by character code (lower-casing keeps positions), allocating nothing but the tokens.
 */
function eachToken(s: string, visit: (token: string, start: number, end: number, ends: number[] | null) => void) {
  const lower = s.toLowerCase();
  if (ASCII.test(lower)) {
    for (let i = 0; i < lower.length; ) {
      if (!isAsciiAlnum(lower.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      while (i < lower.length && isAsciiAlnum(lower.charCodeAt(i))) i++;
      visit(lower.slice(start, i), start, i, null);
    }
    return;
  }
  let token = "";
  let start = 0;
  let ends: number[] = [];
  for (let i = 0; i < s.length; ) {
    const ch = String.fromCodePoint(s.codePointAt(i)!);
    const next = i + ch.length;
    let f = foldedChars.get(ch);
    if (f === undefined) foldedChars.set(ch, (f = fold(ch)));
    if (f === "" && token) {
      ends[ends.length - 1] = next; // a combining mark stays with its letter
    } else if (f !== "" && ALNUM.test(f)) {
      if (!token) {
        start = i;
        ends = [];
      }
      token += f;
      for (let k = 0; k < f.length; k++) ends.push(next);
    } else if (token) {
      visit(token, start, ends[ends.length - 1], ends);
      token = "";
    }
    i = next;
  }
  if (token) visit(token, start, ends[ends.length - 1], ends);
}

/** Algolia's `_highlightResult` entry for one string value. */
export function highlight(value: string, words: QueryWord[], pre: string, post: string): HighlightResult {
  if (!words.length) return { value, matchLevel: "none", matchedWords: [] };
  const hit: boolean[] = new Array(words.length).fill(false);
  let out = "";
  let last = 0;
  let tokens = 0;
  let full = 0;
  eachToken(value, (token, start, end, ends) => {
    tokens++;
    let cover = 0; // folded characters to highlight
    for (let i = 0; i < words.length; i++) {
      const m = matchToken(words[i], token);
      if (m < 0) continue;
      hit[i] = true;
      cover = Math.max(cover, m === PREFIX ? words[i].text.length : token.length);
    }
    if (!cover) return;
    if (cover === token.length) full++;
    const to = cover === token.length ? end : ends ? ends[cover - 1] : start + cover;
    out += value.slice(last, start) + pre + value.slice(start, to) + post;
    last = to;
  });
  // Words are reported once each, in query order; "full" when every distinct word matched.
  const matchedWords: string[] = [];
  let distinct = 0;
  words.forEach((w, i) => {
    const first = words.findIndex((x) => x.text === w.text) === i;
    if (first) distinct++;
    if (hit[i] && !matchedWords.includes(w.text)) matchedWords.push(w.text);
  });
  if (!matchedWords.length) return { value, matchLevel: "none", matchedWords };
  return {
    value: out + value.slice(last),
    matchLevel: matchedWords.length === distinct ? "full" : "partial",
    matchedWords,
    fullyHighlighted: full === tokens,
  };
}
