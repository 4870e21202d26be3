/**
 * What the index keeps across requests between writes: per base filter its docs and the facet
 * counts, stats and totals asked of them (a Base), and the range filters' docs.
 *
 * Bases are found by filter, and by content: a tenant's base filter holds a "listed within N days"
 * bound that moves every second while the docs it selects rarely do, so a new filter string is
 * evaluated once and, when it selects the same docs, shares the Base already counted.
 *
 * A write keeps them current instead of dropping them (a wide base's counts cost 20–45 ms at 1M
 * docs): `before` notes, for each doc the write touches, whether each base holds it and its facet
 * codes and numbers; `after` tests each base's own filter against the doc as it now is (`matches`)
 * and moves the doc's bit, the base's size, counts and totals from the old values to the new. A
 * stat whose min or max was the old value, or whose sums are no longer exact (a non-integer), is
 * dropped and computed again when asked for. A filter string that shares a Base by content but
 * disagrees with the Base's own filter on a written doc (a time bound that moved past it) stops
 * sharing it: its next request evaluates it again. A full build, or a write of more than
 * FOLLOW_MAX docs, drops everything, as every write used to.
 */
import { type Bits, clear, grow, has, popcount, set } from "./bitset";
import { bounds, type Sums, type Totals } from "./stats";
import type { Store } from "./store";
import type { FilterNode } from "./types";

/** A base filter's docs, and facet counts over them (filled in as asked for). */
export interface Base {
  /** The filter that selects `bits` (null: every live doc, and `bits` is the store's `alive`). */
  readonly node: FilterNode | null;
  bits: Bits;
  nb: number;
  counts: Map<string, Int32Array>;
  /** Over the whole base, per numeric attribute (count 0: no doc has a value). */
  stats: Map<string, Sums>;
  totals: Map<string, Totals>;
  uses: number;
  /** The live docs outside the base, listed when first needed (index.ts baseCounts). */
  outside?: { bits: Bits; docs: Int32Array };
  /** Its key in byContent. */
  content: string;
}

/** A range filter's docs (index.ts rangeDocs). */
interface Range {
  attribute: string;
  lo: number;
  hi: number;
  bits: Bits;
}

/** What a write is about to change, noted before it (`BaseCache.before`). */
export interface Snapshot {
  version: number;
  docs: number[];
  /** Per doc: the bases holding it. */
  held: Set<Base>[];
  /** Per doc: its value ids per facet, and its numbers per numeric attribute. */
  codes: Map<string, number[]>[];
  numbers: Map<string, number>[];
}

export const BASE_CACHE = 64;
/** A write of more docs than this drops the caches instead (a bulk import). */
const FOLLOW_MAX = 2000;

/** Adds to a bounded cache, dropping the oldest entry when full. */
export function remember<V>(cache: Map<string, V>, key: string, value: V) {
  if (cache.size >= BASE_CACHE) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

function hashBits(b: Bits, nb: number): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9e3779b9;
  for (let i = 0; i < b.length; i++) {
    h1 = Math.imul(h1 ^ b[i], 0x01000193);
    h2 = Math.imul(h2 ^ b[i], 0x85ebca6b) ^ (h2 >>> 13);
  }
  return `${nb}|${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}`;
}

function equalBits(a: Bits, b: Bits): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether live doc `d` passes `node`: the bitset evaluation (index.ts evaluate) for one doc. */
export function matches(store: Store, node: FilterNode, d: number): boolean {
  switch (node.type) {
    case "facet":
      return store.facets.get(node.attribute)!.holds(d, node.value);
    case "range": {
      const v = store.numbers.get(node.attribute)![d];
      return v >= node.lo && v <= node.hi;
    }
    case "numeric": {
      const v = store.numbers.get(node.attribute)![d];
      const [lo, hi] = bounds(node.op, node.value);
      return (v >= lo && v <= hi) !== (node.op === "!=");
    }
    case "not":
      return !matches(store, node.child, d);
    case "or":
      return node.children.some((c) => matches(store, c, d));
    case "and":
      return node.children.every((c) => matches(store, c, d));
  }
}

export class BaseCache {
  private byFilter = new Map<string, { base: Base; node: FilterNode | null }>();
  private byContent = new Map<string, Base>();
  private ranges = new Map<string, Range>();
  /** Bases whose content changed since byContent was keyed. */
  private moved = new Set<Base>();
  private version = -1;
  /** Facet counts computed over a whole base (index.ts baseCounts), for tests. */
  countsComputed = 0;

  constructor(private readonly store: Store) {}

  /** Drops everything when the store changed in a way the caches did not follow (a full build, a large write). */
  private sync() {
    if (this.version === this.store.version) return;
    this.byFilter.clear();
    this.byContent.clear();
    this.ranges.clear();
    this.moved.clear();
    this.version = this.store.version;
  }

  /** Drops everything (at the next request). */
  drop() {
    this.version = -1;
  }

  /** The Base for a filter (keyed by `key`), evaluating it (`evaluate`: its docs among all ids) on a miss. */
  base(key: string, node: FilterNode | null, evaluate: () => Bits): Base {
    this.sync();
    const found = this.byFilter.get(key);
    if (found) return found.base;
    for (const b of this.moved) {
      // Only a Base still listed by content: one dropped from both maps is no longer kept current.
      if (this.byContent.get(b.content) !== b) continue;
      this.byContent.delete(b.content);
      remember(this.byContent, (b.content = hashBits(b.bits, b.nb)), b);
    }
    this.moved.clear();
    const bits = node ? evaluate() : this.store.alive;
    const nb = popcount(bits);
    const content = hashBits(bits, nb);
    let base = this.byContent.get(content);
    if (!base || !equalBits(base.bits, bits)) remember(this.byContent, content, (base = { node, bits, nb, counts: new Map(), stats: new Map(), totals: new Map(), uses: 0, content }));
    remember(this.byFilter, key, { base, node });
    return base;
  }

  /** A range filter's docs, kept until a write changes them (`scan` fills a fresh bitset on a miss). */
  range(attribute: string, lo: number, hi: number, scan: (out: Bits) => Bits): Bits {
    this.sync();
    const key = `${attribute}|${lo}|${hi}`;
    let r = this.ranges.get(key);
    if (!r) remember(this.ranges, key, (r = { attribute, lo, hi, bits: scan(new Uint32Array(this.store.capWords)) }));
    return r.bits;
  }

  private bases(): Set<Base> {
    const all = new Set(this.byContent.values());
    for (const { base } of this.byFilter.values()) all.add(base);
    return all;
  }

  /** Notes what the bases hold of `docs` (live docs a write is about to change), or null when the write is not to be followed. */
  before(docs: number[]): Snapshot | null {
    const s = this.store;
    if (this.version !== s.version || docs.length > FOLLOW_MAX || (!this.byFilter.size && !this.byContent.size && !this.ranges.size)) return null;
    const bases = this.bases();
    return {
      version: s.version,
      docs,
      held: docs.map((d) => new Set([...bases].filter((b) => has(b.bits, d)))),
      codes: docs.map((d) => new Map([...s.facets].map(([a, f]) => [a, f.codesOf(d)]))),
      numbers: docs.map((d) => new Map([...s.numbers].map(([a, col]) => [a, col[d]]))),
    };
  }

  /** Moves the bases and ranges from the docs noted in `snap` to the docs as they are now (`added`: docs the write created). */
  after(snap: Snapshot | null, added: number[]) {
    const s = this.store;
    if (!snap || snap.version !== this.version) return;
    this.version = s.version;
    const docs = [...snap.docs];
    const fresh = added.filter((d) => !snap.docs.includes(d));
    docs.push(...fresh);
    const bases = this.bases();
    for (const b of bases) {
      if (b.node === null) b.bits = s.alive;
      else if (b.bits.length !== s.capWords) b.bits = grow(b.bits, s.capWords);
    }
    const holds = (node: FilterNode | null, d: number) => has(s.alive, d) === 1 && (node === null || matches(s, node, d));
    // A filter sharing a Base by content whose verdict on a written doc differs from the Base's own filter's: unshared.
    for (const [key, { base, node }] of this.byFilter) {
      if (node !== base.node && docs.some((d) => holds(node, d) !== holds(base.node, d))) this.byFilter.delete(key);
    }
    for (const b of bases) {
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i];
        const was = i < snap.docs.length && snap.held[i].has(b);
        const now = holds(b.node, d);
        if (!was && !now) continue;
        if (was) this.move(b, (a) => snap.codes[i].get(a)!, (a) => snap.numbers[i].get(a)!, -1);
        if (now) this.move(b, (a) => s.facets.get(a)!.codesOf(d), (a) => s.numbers.get(a)![d], 1);
        if (b.node !== null) (now ? set : clear)(b.bits, d);
        b.nb += +now - +was;
        b.outside = undefined;
        this.moved.add(b);
      }
    }
    for (const r of this.ranges.values()) {
      if (r.bits.length !== s.capWords) r.bits = grow(r.bits, s.capWords);
      const col = s.numbers.get(r.attribute)!;
      for (const d of docs) (col[d] >= r.lo && col[d] <= r.hi ? set : clear)(r.bits, d);
    }
  }

  /** Adds (`sign` 1) or takes away (-1) one doc's values (its facet value ids, its numbers) to a base's counts, stats and totals. */
  private move(b: Base, codes: (a: string) => number[], value: (a: string) => number, sign: 1 | -1) {
    const s = this.store;
    for (const [a, counts] of b.counts) {
      const f = s.facets.get(a)!;
      let c = counts;
      if (c.length < f.values.length) {
        b.counts.set(a, (c = new Int32Array(f.values.length)));
        c.set(counts);
      }
      for (const v of codes(a)) c[v] += sign;
    }
    for (const [a, t] of b.stats) {
      const v = value(a);
      if (v !== v) continue;
      if (!s.integral(a) || (sign < 0 && (v <= t.min || v >= t.max))) {
        b.stats.delete(a); // no longer exact this way: computed again when asked for
        continue;
      }
      t.sum += sign * v;
      t.count += sign;
      if (sign > 0) {
        t.min = Math.min(t.min, v);
        t.max = Math.max(t.max, v);
      }
    }
    for (const [a, t] of b.totals) {
      const v = value(a);
      if (v !== v) continue;
      if (!s.integral(a)) {
        b.totals.delete(a);
        continue;
      }
      t.sum += sign * v;
      t.count += sign;
    }
  }
}
