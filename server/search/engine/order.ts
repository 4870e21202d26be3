/**
 * Result order. The primary order (customRanking, then the objectID's hash, then the objectID) and
 * each replica's order (its sort attributes, then the primary order) are kept as permutations of
 * the live docs, so a page is found by walking a permutation and keeping the docs in the result
 * bitset (select.ts) — the first page of 100k hits costs a few dozen steps, not a sort. Updates
 * splice the permutations in place; replica orders are built on first use.
 */
import { type Alloc, ownAlloc, sharedAlloc } from "./arena";
import type { Bits } from "./bitset";
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
  const keys = sharedAlloc(Uint32Array, m);
  let missing: number;
  if (integral && max - min < 2 ** 32 - 1) {
    missing = max - min + 1;
    for (let i = 0; i < m; i++) {
      const v = col[order[i]];
      keys[i] = v !== v ? missing : asc ? v - min : max - v;
    }
  } else {
    const values = sharedAlloc(Float64Array, m);
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
  let outDocs = sharedAlloc(Int32Array, m);
  let outKeys = passes > 1 ? sharedAlloc(Uint32Array, m) : keys;
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
      [docs, outDocs] = [outDocs, sharedAlloc(Int32Array, m)];
      [keys, outKeys] = [outKeys, keys];
    }
  }
  return outDocs;
}

/** The descending order from an ascending one over the same column: equal-value runs in reverse, each run kept in order. */
function reverseRuns(asc: Int32Array, col: Float64Array): Int32Array {
  const m = asc.length;
  const out = sharedAlloc(Int32Array, m);
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

/**
 * Updates a sorted buffer in place (no allocation — at 500k docs, fresh 2 MB arrays per order per
 * update would churn external memory into full collections): drops the docs marked in `dirty`,
 * then inserts `ins` (sorted by cmp) at binary-searched positions, moving each run once, from the
 * end. Returns the new size.
 */
function spliceInPlace(buf: Int32Array, size: number, dirty: Bits | null, ins: number[], cmp: (a: number, b: number) => number): number {
  let m = size;
  if (dirty) {
    m = 0;
    for (let i = 0; i < size; i++) {
      const d = buf[i];
      if (!((dirty[d >>> 5] >>> (d & 31)) & 1)) buf[m++] = d;
    }
  }
  const pos: number[] = [];
  for (let j = 0, lo = 0; j < ins.length; j++) {
    let hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(buf[mid], ins[j]) < 0) lo = mid + 1;
      else hi = mid;
    }
    pos.push(lo);
  }
  for (let j = ins.length - 1, end = m; j >= 0; j--) {
    buf.copyWithin(pos[j] + j + 1, pos[j], end); // the run after ins[j] moves right past ins[0..j]
    buf[pos[j] + j] = ins[j];
    end = pos[j];
  }
  return m + ins.length;
}

const withCapacity = (order: Int32Array, capDocs: number) => {
  const buf = sharedAlloc(Int32Array, capDocs);
  buf.set(order);
  return buf;
};

export class Orders {
  /** Live docs in each order: buffers of the index's capacity, the first `size` entries in use. */
  private primary: Int32Array;
  private readonly replicas = new Map<string, Int32Array>();
  /** Each kept order's keys: the replicas' and, under names no request can reach them by, the stats' (see ascending). */
  private readonly keysOf: Map<string, SortKey[]>;
  size = 0;
  /** rank[doc]: the doc's position in the primary order (the last tie-break of every order). */
  rank: Int32Array;
  /** idHash of each doc's objectID: the tie-break before the objectID itself. */
  hash: Float64Array;
  /** Bytes per doc of the arrays the constructor allocates. */
  static readonly bytesPerDoc = 4 + 4 + 8;

  constructor(
    private readonly customRanking: SortKey[],
    private readonly replicaKeys: Map<string, SortKey[]>,
    private readonly cols: Columns,
    private readonly objectIDs: string[],
    private capDocs: number,
    alloc: Alloc = ownAlloc,
  ) {
    this.primary = alloc(Int32Array, capDocs);
    this.rank = alloc(Int32Array, capDocs);
    this.hash = alloc(Float64Array, capDocs);
    this.keysOf = new Map(replicaKeys);
  }

  grow(capDocs: number) {
    const g = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(capDocs);
      b.set(a);
      return b;
    };
    this.capDocs = capDocs;
    this.primary = g(this.primary);
    this.rank = g(this.rank);
    this.hash = g(this.hash);
    for (const [name, buf] of this.replicas) this.replicas.set(name, g(buf));
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
    for (let i = 0; i < this.size; i++) this.rank[this.primary[i]] = i;
  }

  /** Full build over `docs` (0..n-1), whose objectIDs' idHash values are `hashes`. */
  build(docs: Int32Array, hashes: Float64Array) {
    this.hash.set(hashes.subarray(0, docs.length));
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
    this.size = order.length;
    if (order.length <= this.primary.length) this.primary.set(order);
    else this.primary = withCapacity(order, this.capDocs);
    this.updateRank();
    this.replicas.clear(); // built on first use: see permFor
  }

  /**
   * A replica's order: its sort attributes, from the last to the first, each a stable sort starting
   * from the primary order, so ties fall back to it. A single-key descending order is the ascending
   * one with its equal-value runs reversed when that one is already built.
   */
  private buildReplica(keys: SortKey[]): Int32Array {
    const primary = this.primary.subarray(0, this.size);
    if (keys.length === 1) {
      const [{ attribute, direction }] = keys;
      const col = this.cols.get(attribute)!;
      for (const [name, other] of this.replicaKeys) {
        const asc = this.replicas.get(name);
        if (asc && direction === "desc" && other.length === 1 && other[0].attribute === attribute && other[0].direction === "asc")
          return withCapacity(reverseRuns(asc.subarray(0, this.size), col), this.capDocs);
      }
    }
    let o = primary;
    for (const k of [...keys].reverse()) o = sortByColumn(o, this.cols.get(k.attribute)!, k.direction);
    return withCapacity(o, this.capDocs);
  }

  /** Incremental: drops the docs marked in `dirty` from every order, then inserts `inserted` where they belong. */
  update(dirty: Bits, inserted: number[]) {
    for (const d of inserted) this.hash[d] = idHash(this.objectIDs[d]);
    const marked = dirty.some((w) => w !== 0) ? dirty : null;
    const size = this.size;
    this.size = spliceInPlace(this.primary, size, marked, [...inserted].sort(this.primaryCmp), this.primaryCmp);
    this.updateRank();
    for (const [name, buf] of this.replicas) {
      const cmp = this.replicaCmp(this.keysOf.get(name)!);
      spliceInPlace(buf, size, marked, [...inserted].sort(cmp), cmp);
    }
  }

  /**
   * The order a named index uses: a replica's, or the primary's for any other name. Replica orders
   * are built on first use (a few ms at 100k docs) and kept current from then on: a sort no visitor
   * picks costs neither build time nor memory.
   */
  permFor(indexName: string): { perm: Int32Array; keys: SortKey[] | null } {
    const keys = this.replicaKeys.get(indexName);
    if (!keys) return { perm: this.primary.subarray(0, this.size), keys: null };
    let buf = this.replicas.get(indexName);
    if (!buf) this.replicas.set(indexName, (buf = this.buildReplica(keys)));
    return { perm: buf.subarray(0, this.size), keys };
  }

  /**
   * Every live doc by one attribute, ascending, missing values last (facet stats' min and max):
   * the replica's order when a replica sorts by that alone, else one of its own, built on first use
   * and kept current like a replica's.
   */
  ascending(attribute: string): Int32Array {
    for (const [name, keys] of this.replicaKeys) if (keys.length === 1 && keys[0].attribute === attribute && keys[0].direction === "asc") return this.permFor(name).perm;
    const name = `\u0000${attribute}`; // not a replica: permFor looks names up among the replicas only
    let buf = this.replicas.get(name);
    if (!buf) {
      this.keysOf.set(name, [{ attribute, direction: "asc" }]);
      this.replicas.set(name, (buf = this.buildReplica(this.keysOf.get(name)!)));
    }
    return buf.subarray(0, this.size);
  }
}
