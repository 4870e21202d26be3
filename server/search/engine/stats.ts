/**
 * facets_stats (min, max, avg and sum of a numeric attribute over a result) without a pass over
 * every hit where a cheaper way gives the same figures:
 * - min and max: a walk of the attribute's ascending order (order.ts) inwards from both ends of the
 *   range the query's own filter holds the attribute within, to the first hit each way; a walk that
 *   meets too few hits gives up and the hits are scanned;
 * - sum and count: when a result leaves out fewer of its base's docs than it holds, the base's totals
 *   less those of the docs left out — on columns of integers only, where that is exact.
 * Also the inclusive bounds of a comparison, which filter evaluation shares.
 */
import type { Bits } from "./bitset";
import type { FilterNode, NumericOp } from "./types";

export type Stats = { min: number; max: number; avg: number; sum: number };
export type Totals = { sum: number; count: number };
export type Sums = Totals & { min: number; max: number };

// nextUp/nextDown turn strict comparisons into inclusive ranges (x > 5 ⇔ x ≥ nextUp(5)).
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
function nextUp(x: number): number {
  if (x !== x || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  f64[0] = x;
  u64[0] += x > 0 ? 1n : -1n;
  return f64[0];
}
const nextDown = (x: number) => -nextUp(-x);

/** A comparison as an inclusive range ("!=" gives the "=" range; the caller negates). */
export function bounds(op: NumericOp, v: number): [number, number] {
  return { "<": [-Infinity, nextDown(v)], "<=": [-Infinity, v], "=": [v, v], "!=": [v, v], ">=": [v, Infinity], ">": [nextUp(v), Infinity] }[op] as [number, number];
}

/** The range a filter holds `attribute` within: the comparisons its top-level conjunction makes on it (a doc with no value fails them all). */
export function boundsOf(node: FilterNode | null, attribute: string): [number, number] {
  let lo = -Infinity;
  let hi = Infinity;
  const visit = (n: FilterNode) => {
    if (n.type === "and") return n.children.forEach(visit);
    if (!(n.type === "range" || (n.type === "numeric" && n.op !== "!=")) || n.attribute !== attribute) return;
    const [a, b] = n.type === "range" ? [n.lo, n.hi] : bounds(n.op, n.value);
    lo = Math.max(lo, a);
    hi = Math.min(hi, b);
  };
  if (node) visit(node);
  return [lo, hi];
}

/**
 * Sum, count, min and max of several columns over the same docs, four columns per pass: the docs
 * are read once per four columns, and the four columns' figures are independent (one column at a
 * time reads the list five times for a page's five numeric facets). Each sum adds the same values
 * in the same order as a pass over one column, and min and max are `scanStats`', so the figures are identical.
 */
export function totalsOf(cols: Float64Array[], docs: Int32Array): Sums[] {
  const out: Sums[] = [];
  for (let k = 0; k < cols.length; k += 4) {
    const a = cols[k];
    const b = cols[Math.min(k + 1, cols.length - 1)];
    const c = cols[Math.min(k + 2, cols.length - 1)];
    const e = cols[Math.min(k + 3, cols.length - 1)];
    let sa = 0, sb = 0, sc = 0, se = 0, na = 0, nb = 0, nc = 0, ne = 0;
    let mina = Infinity, minb = Infinity, minc = Infinity, mine = Infinity;
    let maxa = -Infinity, maxb = -Infinity, maxc = -Infinity, maxe = -Infinity;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i];
      const va = a[d];
      const vb = b[d];
      const vc = c[d];
      const ve = e[d];
      if (va === va) {
        sa += va;
        na++;
        mina = Math.min(mina, va);
        maxa = Math.max(maxa, va);
      }
      if (vb === vb) {
        sb += vb;
        nb++;
        minb = Math.min(minb, vb);
        maxb = Math.max(maxb, vb);
      }
      if (vc === vc) {
        sc += vc;
        nc++;
        minc = Math.min(minc, vc);
        maxc = Math.max(maxc, vc);
      }
      if (ve === ve) {
        se += ve;
        ne++;
        mine = Math.min(mine, ve);
        maxe = Math.max(maxe, ve);
      }
    }
    out.push(
      { sum: sa, count: na, min: mina, max: maxa },
      { sum: sb, count: nb, min: minb, max: maxb },
      { sum: sc, count: nc, min: minc, max: maxc },
      { sum: se, count: ne, min: mine, max: maxe },
    );
  }
  out.length = cols.length;
  return out;
}

/**
 * min, max, avg and sum from a facet's counts per value (null when no hit holds one), for a facet
 * whose values are its numbers' text and whose sums are exact (integers): the same figures as a
 * pass over the hits, from a few dozen values instead.
 */
export function statsOfCounts(values: readonly string[], counts: Int32Array): Stats | null {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  for (let v = 0; v < counts.length; v++) {
    const c = counts[v];
    if (!c) continue;
    const x = Number(values[v]);
    if (x < min) min = x;
    if (x > max) max = x;
    sum += c * x;
    count += c;
  }
  return count ? { min, max, avg: sum / count, sum } : null;
}

/** min, max, avg and sum over `docs` in one pass (null when none holds a value). */
export function scanStats(col: Float64Array, docs: Int32Array): Stats | null {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < docs.length; i++) {
    const v = col[docs[i]];
    if (v === v) {
      min = Math.min(min, v); // branch-free: a min/max that rarely changes still mispredicts as an if
      max = Math.max(max, v);
      sum += v;
      count++;
    }
  }
  return count ? { min, max, avg: sum / count, sum } : null;
}

/** The first position in `asc` (values ascending, missing last) whose value is not below `x` (NaN counts as above all). */
function lowerBound(asc: Int32Array, col: Float64Array, x: number, strict: boolean): number {
  let lo = 0;
  let hi = asc.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = col[asc[mid]];
    if (strict ? v <= x : v < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The least and greatest value among the hits in `bits` whose values lie in [lo, hi], found by
 * walking `asc` (every live doc by the attribute, ascending, missing values last): null when no
 * hit holds one, undefined when the walks took more than `budget` steps between them.
 */
export function minMax(asc: Int32Array, col: Float64Array, bits: Bits, lo: number, hi: number, budget: number): [number, number] | null | undefined {
  const start = lowerBound(asc, col, lo, false);
  const end = lowerBound(asc, col, hi, true); // past the last value ≤ hi
  let i = start;
  for (; i < end; i++) {
    const d = asc[i];
    if ((bits[d >>> 5] >>> (d & 31)) & 1) break;
    if (--budget < 0) return undefined;
  }
  if (i >= end) return null;
  let j = end - 1;
  for (; j > i; j--) {
    const d = asc[j];
    if ((bits[d >>> 5] >>> (d & 31)) & 1) break;
    if (--budget < 0) return undefined;
  }
  return [col[asc[i]], col[asc[j]]];
}
