/**
 * One facet attribute: its values, which docs hold each value, and each doc's value.
 *
 * Docs of a frequent value are a bitset (cheap to AND/OR and popcount); docs of a rare value are an
 * unsorted id list (a bitset would be mostly zeros). `col` gives each doc's value so facet counts
 * over a small result can be tallied per hit instead of per value.
 */
import { type Alloc, Arena, ownAlloc } from "./arena";
import { type Bits, clear, grow, has, orInto, popcountAnd, set } from "./bitset";
import { facetKey, facetStrings, plainNumber } from "./values";

export const NONE = 0; // col: the doc holds no value
export const MULTI = 1; // col: the doc holds several values (see `multi`)
export const OFFSET = 2; // col: value id + OFFSET

/** A value's docs turn into a bitset once they fill at least 1/32 of the index (past that a bitset is smaller). */
const denseEnough = (count: number, capDocs: number) => count >= 64 && count * 32 >= capDocs;

export class FacetField {
  readonly values: string[] = [];
  readonly count: number[] = [];
  readonly dense: (Bits | null)[] = [];
  readonly lists: Int32Array[] = [];
  readonly lens: number[] = [];
  col: Int32Array;
  /** A copy of `col` in bytes while every code fits one (tallying reads a quarter of the memory); null once one does not. */
  private col8: Uint8Array | null = null;
  readonly multi = new Map<number, number[]>();
  private readonly byString = new Map<string, number>();
  private readonly byRaw = new Map<unknown, number>(); // build fast path: the same primitive → the same id
  private readonly byKey = new Map<string, number[]>(); // lower-cased value → ids, for filters
  denseValues = 0;
  /**
   * Whether every value seen is a number (not -0) or none, so a doc's facet value is the text of its
   * numeric value and the counts give a numeric attribute's facets_stats (index.ts). Cleared for good
   * by any other value (text, a boolean, a list), like the store's record of inexact columns.
   */
  numbersOnly = true;

  constructor(capDocs: number, alloc: Alloc = ownAlloc) {
    this.col = alloc(Int32Array, capDocs);
  }

  private intern(s: string): number {
    let id = this.byString.get(s);
    if (id === undefined) {
      id = this.values.push(s) - 1;
      this.byString.set(s, id);
      this.count.push(0);
      this.dense.push(null);
      this.lists.push(new Int32Array(4));
      this.lens.push(0);
      const k = facetKey(s);
      const same = this.byKey.get(k);
      if (same) same.push(id);
      else this.byKey.set(k, [id]);
    }
    return id;
  }

  /** The col entry for a raw attribute value (interning its values). */
  private encode(raw: unknown, doc: number): number {
    if (raw === null || raw === undefined) return NONE;
    if (!plainNumber(raw)) this.numbersOnly = false;
    if (typeof raw !== "object") {
      let code = this.byRaw.get(raw);
      if (code === undefined) {
        const [s] = facetStrings(raw);
        code = s === undefined ? NONE : this.intern(s) + OFFSET;
        if (this.byRaw.size < 100_000) this.byRaw.set(raw, code);
      }
      return code;
    }
    const ids = facetStrings(raw).map((s) => this.intern(s));
    if (ids.length === 0) return NONE;
    if (ids.length === 1) return ids[0] + OFFSET;
    this.multi.set(doc, ids);
    return MULTI;
  }

  private idsOfDoc(doc: number): number[] {
    const c = this.col[doc];
    return c === NONE ? [] : c === MULTI ? this.multi.get(doc)! : [c - OFFSET];
  }

  /** The value ids `doc` holds (a copy). */
  codesOf(doc: number): number[] {
    return this.idsOfDoc(doc).slice();
  }

  /** Whether `doc` holds `value` (case-insensitive, as orValue). */
  holds(doc: number, value: string): boolean {
    const ids = this.byKey.get(facetKey(value));
    const c = this.col[doc];
    if (!ids || c === NONE) return false;
    return c === MULTI ? this.multi.get(doc)!.some((v) => ids.includes(v)) : ids.includes(c - OFFSET);
  }

  /** Full build, step 1 (per chunk of docs): each doc's value(s) into `col`, counting docs per value. */
  encodeAll(raws: unknown[], offset: number) {
    // Neighbouring docs often hold the same value (most facets have few): skip the Map lookup then.
    let last: unknown = undefined;
    let lastCode = NONE;
    for (let i = 0; i < raws.length; i++) {
      const d = offset + i;
      const raw = raws[i];
      const c = (this.col[d] = raw === last && typeof raw !== "object" ? lastCode : this.encode(raw, d));
      last = raw;
      lastCode = c;
      if (c >= OFFSET) this.count[c - OFFSET]++;
      else if (c === MULTI) for (const v of this.multi.get(d)!) this.count[v]++;
    }
  }

  /** The bytes finishBuild allocates (for an arena). */
  finishBytes(capDocs: number, capWords: number): number {
    let bytes = this.values.length + OFFSET <= 0xff ? Arena.bytes(Uint8Array, this.col.length) : 0;
    for (let v = 0; v < this.values.length; v++) {
      bytes += denseEnough(this.count[v], capDocs) ? Arena.bytes(Uint32Array, capWords) : Arena.bytes(Int32Array, Math.max(4, this.count[v]));
    }
    return bytes;
  }

  /** Full build, step 2: each value's bitset or list, allocated once at its final size. */
  finishBuild(n: number, capDocs: number, capWords: number, alloc: Alloc = ownAlloc) {
    this.col8 = null;
    if (this.values.length + OFFSET <= 0xff) (this.col8 = alloc(Uint8Array, this.col.length)).set(this.col);
    for (let v = 0; v < this.values.length; v++) {
      if (denseEnough(this.count[v], capDocs)) {
        this.dense[v] = alloc(Uint32Array, capWords);
        this.denseValues++;
      } else this.lists[v] = alloc(Int32Array, Math.max(4, this.count[v]));
    }
    const col = this.col;
    for (let d = 0; d < n; d++) {
      const c = col[d];
      if (c >= OFFSET) this.place(c - OFFSET, d);
      else if (c === MULTI) for (const v of this.multi.get(d)!) this.place(v, d);
    }
  }

  private place(v: number, doc: number) {
    const bits = this.dense[v];
    if (bits) return set(bits, doc);
    let list = this.lists[v];
    if (this.lens[v] === list.length) {
      const bigger = new Int32Array(list.length * 2);
      bigger.set(list);
      this.lists[v] = list = bigger;
    }
    list[this.lens[v]++] = doc;
  }

  add(doc: number, raw: unknown, capDocs: number, capWords: number) {
    this.col[doc] = this.encode(raw, doc);
    if (this.col8 && this.values.length + OFFSET > 0xff) this.col8 = null;
    if (this.col8) this.col8[doc] = this.col[doc];
    for (const v of this.idsOfDoc(doc)) {
      this.count[v]++;
      if (!this.dense[v] && denseEnough(this.count[v], capDocs)) {
        const bits = (this.dense[v] = new Uint32Array(capWords));
        for (let i = 0; i < this.lens[v]; i++) set(bits, this.lists[v][i]);
        this.lists[v] = new Int32Array(4);
        this.lens[v] = 0;
        this.denseValues++;
      }
      this.place(v, doc);
    }
  }

  remove(doc: number) {
    for (const v of this.idsOfDoc(doc)) {
      this.count[v]--;
      const bits = this.dense[v];
      if (bits) clear(bits, doc);
      else {
        const list = this.lists[v];
        const i = list.subarray(0, this.lens[v]).indexOf(doc);
        list[i] = list[--this.lens[v]]; // order within a list does not matter
      }
    }
    this.col[doc] = NONE;
    if (this.col8) this.col8[doc] = NONE;
    this.multi.delete(doc);
  }

  grow(capDocs: number, capWords: number) {
    const col = new Int32Array(capDocs);
    col.set(this.col);
    this.col = col;
    if (this.col8) {
      const col8 = new Uint8Array(capDocs);
      col8.set(this.col8);
      this.col8 = col8;
    }
    for (let v = 0; v < this.dense.length; v++) if (this.dense[v]) this.dense[v] = grow(this.dense[v]!, capWords);
  }

  /** ORs the docs holding `value` (case-insensitive) into `out`. */
  orValue(value: string, out: Bits) {
    for (const v of this.byKey.get(facetKey(value)) ?? []) {
      const bits = this.dense[v];
      if (bits) orInto(out, bits);
      else for (let i = 0, list = this.lists[v]; i < this.lens[v]; i++) set(out, list[i]);
    }
  }

  /**
   * The cost of counting by value (popcounting each dense value's bitset, testing each sparse value's
   * docs), in units of one hit tallied — measured: a popcounted word costs about 0.6 of a tallied
   * hit, a sparse entry about 0.65.
   */
  costByValues(words: number): number {
    let sparse = 0;
    for (let v = 0; v < this.count.length; v++) if (!this.dense[v]) sparse += this.count[v] + 2;
    return this.denseValues * words * 0.6 + sparse * 0.65;
  }

  // Counting scratch, reused by every query: small typed arrays allocated per query would each get
  // an external backing store, and external-memory churn is what triggers V8's full collections.
  private tally = new Int32Array(0);
  private counts = new Int32Array(0);

  private scratch(): Int32Array {
    if (this.counts.length !== this.values.length) this.counts = new Int32Array(this.values.length);
    return this.counts;
  }

  /**
   * Counts per value id: popcount of each dense value within `bits`, list entries tested against
   * `bits`. Returns scratch, valid until this field counts again.
   */
  countByValues(bits: Bits): Int32Array {
    const out = this.scratch();
    for (let v = 0; v < out.length; v++) {
      const dense = this.dense[v];
      if (dense) out[v] = popcountAnd(dense, bits);
      else {
        let c = 0;
        const list = this.lists[v];
        for (let i = 0, len = this.lens[v]; i < len; i++) {
          const d = list[i];
          c += (bits[d >>> 5] >>> (d & 31)) & 1;
        }
        out[v] = c;
      }
    }
    return out;
  }

  /**
   * Counts per value id by tallying each hit's value (`docs[0..k)`, which `bits` also holds). Four
   * interleaved tallies: consecutive hits often share a value, and incrementing one counter
   * back-to-back stalls on its own store; four independent counters run about twice as fast.
   * Returns scratch, valid until this field counts again.
   */
  countByDocs(docs: Int32Array, k: number, bits: Bits): Int32Array {
    const w = this.values.length + OFFSET;
    if (this.tally.length !== 4 * w) this.tally = new Int32Array(4 * w);
    const t = this.tally.fill(0);
    const col = this.col8 ?? this.col;
    let i = 0;
    for (; i + 3 < k; i += 4) {
      t[col[docs[i]]]++;
      t[w + col[docs[i + 1]]]++;
      t[2 * w + col[docs[i + 2]]]++;
      t[3 * w + col[docs[i + 3]]]++;
    }
    for (; i < k; i++) t[col[docs[i]]]++;
    const out = this.scratch();
    for (let v = 0; v < out.length; v++) {
      const c = v + OFFSET;
      out[v] = t[c] + t[w + c] + t[2 * w + c] + t[3 * w + c];
    }
    if (t[MULTI] + t[w + MULTI] + t[2 * w + MULTI] + t[3 * w + MULTI]) {
      for (const [doc, ids] of this.multi) if (has(bits, doc)) for (const v of ids) out[v]++;
    }
    return out;
  }
}
