/**
 * Result order. The primary order (customRanking, then objectID) and each replica's order (its sort
 * attributes, then the primary order) are kept as permutations of the live docs, so a page is found
 * by walking a permutation and keeping the docs in the result bitset — the first page of 100k hits
 * costs a few dozen steps, not a sort. Small results are sorted directly instead.
 */
import { type Bits, has } from "./bitset";
import type { SortKey } from "./types";
import { cmpStr, compareValues, idHash } from "./values";

type Columns = Map<string, Float64Array>;

/**
 * Stable sort of `order` by one column, missing values last in either direction. Each doc gets an
 * unsigned integer key — its value's offset from the minimum when values are integral (years, km,
 * prices, timestamps), else its rank among the distinct values — and an LSD radix sort orders by it
 * in one or two linear passes: several times faster than a comparison sort at 100k docs.
 */
export function sortByColumn(order: Int32Array, col: Float64Array, direction: SortKey["direction"]): Int32Array {
  const m = order.length;
  let min = Infinity;
  let max = -Infinity;
  let integral = true;
  for (let i = 0; i < m; i++) {
    const v = col[order[i]];
    if (v !== v) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    if (integral && !Number.isInteger(v)) integral = false;
  }
  if (min > max) return order.slice();
  const asc = direction === "asc";
  const keys = new Uint32Array(m);
  let missing: number;
  if (integral && max - min < 2 ** 32 - 1) {
    missing = max - min + 1;
    for (let i = 0; i < m; i++) {
      const v = col[order[i]];
      keys[i] = v !== v ? missing : asc ? v - min : max - v;
    }
  } else {
    const values = new Float64Array(m);
    let k = 0;
    for (let i = 0; i < m; i++) if (col[order[i]] === col[order[i]]) values[k++] = col[order[i]];
    const sorted = values.subarray(0, k).sort();
    let D = 0; // distinct values, compacted in place
    for (let i = 0; i < k; i++) if (i === 0 || sorted[i] !== sorted[D - 1]) sorted[D++] = sorted[i];
    missing = D;
    for (let i = 0; i < m; i++) {
      const v = col[order[i]];
      if (v !== v) {
        keys[i] = D;
        continue;
      }
      let lo = 0;
      let hi = D - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] < v) lo = mid + 1;
        else hi = mid;
      }
      keys[i] = asc ? lo : D - 1 - lo;
    }
  }
  return radixSort(order, keys, missing);
}

/** Stable LSD radix sort of `docs` by `keys` (≤ top), 16 bits per pass. */
function radixSort(docs: Int32Array, keys: Uint32Array, top: number): Int32Array {
  const m = docs.length;
  const passes = top < 0x10000 ? 1 : 2;
  const counts = new Int32Array(Math.min(top, 0xffff) + 2);
  let outDocs = new Int32Array(m);
  let outKeys = passes > 1 ? new Uint32Array(m) : keys;
  for (let p = 0, shift = 0; p < passes; p++, shift += 16) {
    counts.fill(0);
    for (let i = 0; i < m; i++) counts[((keys[i] >>> shift) & 0xffff) + 1]++;
    for (let b = 1; b < counts.length; b++) counts[b] += counts[b - 1];
    for (let i = 0; i < m; i++) {
      const pos = counts[(keys[i] >>> shift) & 0xffff]++;
      outDocs[pos] = docs[i];
      if (passes > 1) outKeys[pos] = keys[i];
    }
    if (p + 1 < passes) {
      [docs, outDocs] = [outDocs, new Int32Array(m)];
      [keys, outKeys] = [outKeys, keys];
    }
  }
  return outDocs;
}

/** The descending order from an ascending one over the same column: equal-value runs in reverse, each run kept in order. */
function reverseRuns(asc: Int32Array, col: Float64Array): Int32Array {
  const m = asc.length;
  const out = new Int32Array(m);
  let end = m;
  while (end > 0 && col[asc[end - 1]] !== col[asc[end - 1]]) end--; // missing values stay last
  let w = 0;
  for (let j = end; j > 0; ) {
    const v = col[asc[j - 1]];
    let i = j - 1;
    while (i > 0 && col[asc[i - 1]] === v) i--;
    out.set(asc.subarray(i, j), w);
    w += j - i;
    j = i;
  }
  out.set(asc.subarray(end), w);
  return out;
}

/** Inserts `ins` (sorted by cmp) into `perm` (sorted by cmp): a binary search each, one copy pass. */
function mergeInsert(perm: Int32Array, ins: number[], cmp: (a: number, b: number) => number): Int32Array {
  const out = new Int32Array(perm.length + ins.length);
  let src = 0;
  let w = 0;
  for (const d of ins) {
    let lo = src;
    let hi = perm.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(perm[mid], d) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(perm.subarray(src, lo), w);
    w += lo - src;
    src = lo;
    out[w++] = d;
  }
  out.set(perm.subarray(src), w);
  return out;
}

export class Orders {
  perm: Int32Array = new Int32Array(0);
  /** rank[doc]: the doc's position in the primary order (the last tie-break of every order). */
  rank: Int32Array;
  /** idHash of each doc's objectID: the tie-break before the objectID itself. */
  hash: Float64Array;
  readonly replicas = new Map<string, Int32Array>();

  constructor(
    private readonly customRanking: SortKey[],
    private readonly replicaKeys: Map<string, SortKey[]>,
    private readonly cols: Columns,
    private readonly objectIDs: string[],
    capDocs: number,
  ) {
    this.rank = new Int32Array(capDocs);
    this.hash = new Float64Array(capDocs);
  }

  grow(capDocs: number) {
    const rank = new Int32Array(capDocs);
    rank.set(this.rank);
    this.rank = rank;
    const hash = new Float64Array(capDocs);
    hash.set(this.hash);
    this.hash = hash;
  }

  private primaryCmp = (a: number, b: number): number => {
    for (const k of this.customRanking) {
      const col = this.cols.get(k.attribute)!;
      const c = compareValues(col[a], col[b], k.direction);
      if (c) return c;
    }
    return this.hash[a] - this.hash[b] || cmpStr(this.objectIDs[a], this.objectIDs[b]);
  };

  replicaCmp(keys: SortKey[]) {
    return (a: number, b: number): number => {
      for (const k of keys) {
        const col = this.cols.get(k.attribute)!;
        const c = compareValues(col[a], col[b], k.direction);
        if (c) return c;
      }
      return this.rank[a] - this.rank[b];
    };
  }

  private updateRank() {
    for (let i = 0; i < this.perm.length; i++) this.rank[this.perm[i]] = i;
  }

  /** Full build over `docs` (ascending ids). */
  build(docs: Int32Array) {
    for (const d of docs) this.hash[d] = idHash(this.objectIDs[d]);
    // Least significant key first, each sort stable: the id hash, then customRanking from its last
    // key to its first. Docs still tied (equal hashes) are put in objectID order.
    let order = sortByColumn(docs, this.hash, "asc");
    for (const k of [...this.customRanking].reverse()) order = sortByColumn(order, this.cols.get(k.attribute)!, k.direction);
    for (let i = 0; i < order.length; ) {
      let j = i + 1;
      while (j < order.length && this.hash[order[j]] === this.hash[order[i]]) j++;
      if (j - i > 1) order.subarray(i, j).sort(this.primaryCmp);
      i = j;
    }
    this.perm = order;
    this.updateRank();
    // Replicas start from the primary order, so ties fall back to it. A single-key descending order
    // is the ascending one with its equal-value runs reversed: one sort serves both.
    const ascByAttr = new Map<string, Int32Array>();
    this.replicas.clear();
    for (const [name, keys] of this.replicaKeys) {
      if (keys.length === 1) {
        const col = this.cols.get(keys[0].attribute)!;
        let asc = ascByAttr.get(keys[0].attribute);
        if (!asc) ascByAttr.set(keys[0].attribute, (asc = sortByColumn(this.perm, col, "asc")));
        this.replicas.set(name, keys[0].direction === "asc" ? asc : reverseRuns(asc, col));
        continue;
      }
      let o: Int32Array = this.perm;
      for (const k of [...keys].reverse()) o = sortByColumn(o, this.cols.get(k.attribute)!, k.direction);
      this.replicas.set(name, o);
    }
  }

  /** Incremental: drops the docs marked in `dirty` from every order, then inserts `inserted` where they belong. */
  update(dirty: Bits, inserted: number[]) {
    for (const d of inserted) this.hash[d] = idHash(this.objectIDs[d]);
    const without = (perm: Int32Array) => perm.filter((d) => !has(dirty, d));
    this.perm = mergeInsert(without(this.perm), [...inserted].sort(this.primaryCmp), this.primaryCmp);
    this.updateRank();
    for (const [name, keys] of this.replicaKeys) {
      const cmp = this.replicaCmp(keys);
      this.replicas.set(name, mergeInsert(without(this.replicas.get(name)!), [...inserted].sort(cmp), cmp));
    }
  }

  /** The order a named index uses: a replica's, or the primary's for any other name. */
  permFor(indexName: string): { perm: Int32Array; keys: SortKey[] | null } {
    const perm = this.replicas.get(indexName);
    return perm ? { perm, keys: this.replicaKeys.get(indexName)! } : { perm: this.perm, keys: null };
  }
}
