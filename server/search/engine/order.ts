/**
 * Result order. The primary order (customRanking, then the objectID's hash, then the objectID) and
 * each replica's order (its sort attributes, then the primary order) are kept as permutations of
 * the live docs, so a page is found by walking a permutation and keeping the docs in the result
 * bitset (select.ts) — the first page of 100k hits costs a few dozen steps, not a sort. Updates
 * splice the permutations in place; replica orders are built in idle time after a full build, or
 * on first use when a request comes first.
 */
import { type Alloc, ownAlloc, sharedAlloc } from "./arena";
import type { Bits } from "./bitset";
import type { SortKey } from "./types";
import { type Steps, drain, reverseSteps, sortByColumn, sortSteps } from "./sort";
import { cmpStr, compareValues, idHash } from "./values";

type Columns = Map<string, Float64Array>;

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
    this.replicas.clear(); // built in idle time or on first use: see permFor
  }

  /**
   * A replica's order: its sort attributes, from the last to the first, each a stable sort starting
   * from the primary order, so ties fall back to it. A single-key descending order is the ascending
   * one with its equal-value runs reversed when that one is already built. In slices (sort.ts): the
   * caller drops the work when the index changes before the last.
   */
  private *replicaSteps(keys: SortKey[]): Steps<Int32Array> {
    const primary = this.primary.subarray(0, this.size);
    if (keys.length === 1) {
      const [{ attribute, direction }] = keys;
      const col = this.cols.get(attribute)!;
      for (const [name, other] of this.replicaKeys) {
        const asc = this.replicas.get(name);
        if (asc && direction === "desc" && other.length === 1 && other[0].attribute === attribute && other[0].direction === "asc")
          return withCapacity(yield* reverseSteps(asc.subarray(0, this.size), col), this.capDocs);
      }
    }
    let o = primary;
    for (const k of [...keys].reverse()) o = yield* sortSteps(o, this.cols.get(k.attribute)!, k.direction);
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
   * are built by the idle work after a full build (index.ts), or here on first use when a request
   * needs one before that work reached it (a few ms at 100k docs), and kept current from then on.
   */
  permFor(indexName: string): { perm: Int32Array; keys: SortKey[] | null } {
    const keys = this.replicaKeys.get(indexName);
    if (!keys) return { perm: this.primary.subarray(0, this.size), keys: null };
    let buf = this.replicas.get(indexName);
    if (!buf) this.replicas.set(indexName, (buf = drain(this.replicaSteps(keys))));
    return { perm: buf.subarray(0, this.size), keys };
  }

  /**
   * The orders not built yet that the idle work builds (index.ts): every replica's, each ascending one
   * before its descending twin (which is then its runs reversed, not a sort), then the stats' orders
   * asked for (see ascending).
   */
  unbuilt(): string[] {
    const names = [...this.replicaKeys.keys()].filter((name) => !this.replicas.has(name));
    const isDesc = (name: string) => this.replicaKeys.get(name)!.some((k) => k.direction === "desc");
    return [...names.filter((n) => !isDesc(n)), ...names.filter(isDesc), ...[...this.wanted].filter((n) => !this.replicas.has(n))];
  }

  /**
   * Builds one of the orders `unbuilt` names, a slice per step (sort.ts); the idle work drops it when
   * the index changes before the last step (index.ts). Kept only if no request built it meanwhile.
   */
  *buildSteps(name: string): Steps<void> {
    const built = yield* this.replicaSteps(this.keysOf.get(name)!);
    if (!this.replicas.has(name)) this.replicas.set(name, built);
    this.wanted.delete(name);
  }

  buildNow(name: string) {
    drain(this.buildSteps(name));
  }

  /** Stats orders asked for and not built yet (ascending). */
  private readonly wanted = new Set<string>();

  /**
   * Every live doc by one attribute, ascending, missing values last (facet stats' min and max): the
   * replica's order when a replica sorts by that alone, else one of its own, kept current like a
   * replica's once built. Null while it is not built: a request does not wait for a sort (40 ms at
   * 500k docs) but scans its hits, and the idle work builds the order (index.ts).
   */
  ascending(attribute: string): Int32Array | null {
    for (const [name, keys] of this.replicaKeys) {
      if (keys.length === 1 && keys[0].attribute === attribute && keys[0].direction === "asc") return this.replicas.get(name)?.subarray(0, this.size) ?? null;
    }
    const name = `\u0000${attribute}`; // not a replica: permFor looks names up among the replicas only
    const buf = this.replicas.get(name);
    if (buf) return buf.subarray(0, this.size);
    this.keysOf.set(name, [{ attribute, direction: "asc" }]);
    this.wanted.add(name);
    return null;
  }
}
