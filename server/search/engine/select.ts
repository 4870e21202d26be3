/**
 * Picks the hits at positions [from, to) of a result. Orders (order.ts) hold the permutations; this
 * decides, per query, between walking a permutation (cheap when hits are plentiful, since the walk
 * stops at `to`) and sorting the hits themselves (cheap when they are few).
 */
import { type Bits, has } from "./bitset";
import type { Orders } from "./order";
import type { TextMatch } from "./text-index";
import type { SortKey } from "./types";
import { compareValues } from "./values";

export interface Result {
  bits: Bits;
  nb: number;
  /** The result's docs, ascending. */
  list: () => Int32Array;
  /** With a text query: the relevance key of a doc in `bits` (lower first), and counts per key. */
  text: Pick<TextMatch, "maxRel" | "relOf" | "relCounts"> | null;
  /**
   * With aroundLatLng: each hit's distance step (distance / aroundPrecision), ranked after the replica's
   * sort and the query's typos, before the rest of relevance (Algolia's ranking: typo, geo, words …).
   */
  geo: { step: Float64Array; typos: (rel: number) => number } | null;
}

/** Whether sorting nb hits beats walking `walk` steps of a permutation. */
const sortIsCheaper = (nb: number, walk: number) => 10 * nb + 64 < walk;

export function selectPage(orders: Orders, indexName: string, cols: Map<string, Float64Array>, r: Result, from: number, to: number): number[] {
  to = Math.min(to, r.nb);
  if (to <= from) return [];
  const { perm, keys } = orders.permFor(indexName);
  const rank = orders.rank;
  const m = perm.length;
  const sortHits = () => topHits(r.list(), hitOrder(keys, cols, rank, r), from, to);

  // Distances are the query's own: no precomputed order holds them, so the hits are sorted.
  if (r.geo) return sortHits();
  if (!r.text) return sortIsCheaper(r.nb, (to / r.nb) * m) ? sortHits() : walk(perm, r.bits, from, to);
  const { relOf, maxRel } = r.text;
  if (!keys) return sortIsCheaper(r.nb, m / 2) || maxRel > 65_535 ? sortHits() : walkByRelevance(perm, r, from, to);
  return sortIsCheaper(r.nb, m / 2) ? sortHits() : walkReplicaByRelevance(perm, keys, cols, r.bits, relOf, maxRel, from, to);
}

/** A result's hit order as a comparison of two docs: the replica's sort, then typos, distance, the rest of relevance, the primary order. */
export function hitOrder(keys: SortKey[] | null, cols: Map<string, Float64Array>, rank: Int32Array, r: Pick<Result, "text" | "geo">): (a: number, b: number) => number {
  const sorted = keys ? sortKeysOrder(cols, keys) : () => 0;
  const relOf = r.text?.relOf;
  if (r.geo) {
    const { step, typos } = r.geo;
    if (!relOf) return (a, b) => sorted(a, b) || step[a] - step[b] || rank[a] - rank[b];
    return (a, b) => sorted(a, b) || typos(relOf(a)) - typos(relOf(b)) || step[a] - step[b] || relOf(a) - relOf(b) || rank[a] - rank[b];
  }
  if (!relOf) return (a, b) => sorted(a, b) || rank[a] - rank[b];
  return (a, b) => sorted(a, b) || relOf(a) - relOf(b) || rank[a] - rank[b];
}

/** The replica's sort keys as a comparison of two docs (its columns looked up once, not per comparison). */
function sortKeysOrder(cols: Map<string, Float64Array>, keys: SortKey[]): (a: number, b: number) => number {
  const sortCols = keys.map((k) => cols.get(k.attribute)!);
  if (keys.length === 1) {
    const [col] = sortCols;
    const { direction } = keys[0];
    return (a, b) => compareValues(col[a], col[b], direction);
  }
  return (a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const c = compareValues(sortCols[i][a], sortCols[i][b], keys[i].direction);
      if (c) return c;
    }
    return 0;
  };
}

// A max-heap (the worst kept hit on top) of the best `to` hits; reused, as `to` is at most paginationLimitedTo.
let heap = new Int32Array(1024);

/**
 * The hits at positions [from, to) of `docs` in `order` (a total order: it ends on the primary
 * rank). Keeps the best `to` in a heap, so each hit costs one comparison with the worst kept
 * unless it displaces it, instead of a full sort's log2(nb) comparisons.
 */
export function topHits(docs: Int32Array, order: (a: number, b: number) => number, from: number, to: number): number[] {
  const n = docs.length;
  if (to >= n >>> 1 || n <= 64) return Array.from(docs).sort(order).slice(from, to);
  if (heap.length < to) heap = new Int32Array(to);
  const h = heap;
  let size = 0;
  for (let i = 0; i < n; i++) {
    const d = docs[i];
    if (size < to) {
      // sift up
      let j = size++;
      while (j > 0) {
        const parent = (j - 1) >>> 1;
        if (order(h[parent], d) >= 0) break;
        h[j] = h[parent];
        j = parent;
      }
      h[j] = d;
    } else if (order(d, h[0]) < 0) {
      // replace the worst, sift down
      let j = 0;
      for (;;) {
        let c = 2 * j + 1;
        if (c >= size) break;
        if (c + 1 < size && order(h[c + 1], h[c]) > 0) c++;
        if (order(h[c], d) <= 0) break;
        h[j] = h[c];
        j = c;
      }
      h[j] = d;
    }
  }
  return Array.from(h.subarray(0, size)).sort(order).slice(from, to);
}

/** No text query: the permutation's order restricted to the result. */
function walk(perm: Int32Array, bits: Bits, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = 0, seen = 0; i < perm.length; i++) {
    const d = perm[i];
    if (!has(bits, d)) continue;
    if (seen >= from) out.push(d);
    if (++seen >= to) break;
  }
  return out;
}

/**
 * Relevance first, then the primary order. Counting hits per relevance key says how many of the
 * first `to` come from each key; one walk of the primary order then fills those quotas in order.
 */
function walkByRelevance(perm: Int32Array, r: Result, from: number, to: number): number[] {
  const { relOf, relCounts, maxRel } = r.text!;
  const counts = relCounts(r.bits, r.list);
  let left = to;
  const buckets: number[][] = [];
  for (let k = 0; k <= maxRel; k++) {
    counts[k] = Math.min(counts[k], left); // now: how many this key contributes
    left -= counts[k];
    buckets.push([]);
  }
  left = to;
  for (let i = 0; i < perm.length && left > 0; i++) {
    const d = perm[i];
    if (!has(r.bits, d)) continue;
    const k = relOf(d);
    if (counts[k]) {
      counts[k]--;
      buckets[k].push(d);
      left--;
    }
  }
  return buckets.flat().slice(from, to);
}

/**
 * A replica with a text query: sort attributes first, then relevance, then the primary order. The
 * replica's order is walked in runs of equal sort values; each run is put in relevance order (stable:
 * the primary order stays among equals), stopping after the run that reaches `to`. Only the run's
 * first `to` places are needed: a long run (a sort by year meets tens of thousands of hits of one
 * year at 500k docs) is ordered by counting its relevance keys, not by sorting it.
 */
function walkReplicaByRelevance(
  perm: Int32Array,
  keys: SortKey[],
  cols: Map<string, Float64Array>,
  bits: Bits,
  relOf: (d: number) => number,
  maxRel: number,
  from: number,
  to: number,
): number[] {
  const sortCols = keys.map((k) => cols.get(k.attribute)!);
  // Same sort values (a missing value, NaN, equals another missing one, as compareValues has it).
  const same = (a: number, b: number) => {
    for (const col of sortCols) {
      const x = col[a];
      const y = col[b];
      if (x !== y && (x === x || y === y)) return false;
    }
    return true;
  };
  const out: number[] = [];
  let runStart = 0;
  const closeRun = () => {
    const len = out.length - runStart;
    if (len > 64 && maxRel <= 65_535) {
      const need = Math.min(len, to - runStart);
      const run = out.slice(runStart);
      const rels = run.map(relOf);
      const quota = new Int32Array(maxRel + 1);
      for (const k of rels) quota[k]++;
      for (let k = 0, left = need; k <= maxRel; k++) left -= quota[k] = Math.min(quota[k], left);
      const buckets: number[][] = Array.from({ length: maxRel + 1 }, () => []);
      for (let i = 0; i < len; i++) if (quota[rels[i]]-- > 0) buckets[rels[i]].push(run[i]);
      out.length = runStart;
      for (const b of buckets) for (const d of b) out.push(d);
    } else if (len > 1) {
      const run = out.slice(runStart).sort((a, b) => relOf(a) - relOf(b));
      for (let i = 0; i < run.length; i++) out[runStart + i] = run[i];
    }
    runStart = out.length;
  };
  for (let i = 0; i < perm.length; i++) {
    const d = perm[i];
    if (!has(bits, d)) continue;
    if (out.length > runStart && !same(out[out.length - 1], d)) {
      closeRun();
      if (out.length >= to) break;
    }
    out.push(d);
  }
  closeRun();
  return out.slice(from, to);
}
