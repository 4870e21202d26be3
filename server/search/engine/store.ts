/**
 * The index's data: docs with dense ids (0..n), per facet value a bitset or id list (facets.ts),
 * per numeric attribute a Float64Array column, per term a posting list (text-index.ts), and per
 * order a permutation of the live docs (order.ts). Built in one pass (replaceAll) and kept current
 * in place (upsert, remove). Queries are in index.ts.
 */
import { Arena, arenaAlloc, sharedAlloc } from "./arena";
import { type Bits, clear, grow, set } from "./bitset";
import { FacetField } from "./facets";
import { IdTable } from "./ids";
import { Orders } from "./order";
import { type FacetCodes, TextIndex } from "./text-index";
import type { InputRecord, ResolvedSettings, SearchableRecord } from "./types";
import { type ColumnReader, columnReader, distinctKey, geolocOf, idHash, numericValue } from "./values";

/** Records per chunk: a chunk's records and their strings (about 1 KB a record) stay in a core's L2 cache while each attribute's pass reads them. */
const READ_CHUNK = 256;

export class Store {
  records: (SearchableRecord | undefined)[] = [];
  objectIDs: string[] = [];
  private idOf = new IdTable([]);
  private free: number[] = [];
  /** Doc ids in use are below n (removed ids are reused). */
  n = 0;
  live = 0;
  capDocs = 0;
  capWords = 0;
  alive!: Bits;
  facets!: Map<string, FacetField>;
  numbers!: Map<string, Float64Array>;
  /** Each doc's `_geoloc` (NaN: none), for geo search. */
  lat!: Float64Array;
  lng!: Float64Array;
  text!: TextIndex;
  orders!: Orders;
  /** For `distinct`: the docs of each attributeForDistinct value held by more than one doc (the rest need no grouping). */
  shared = new Map<string, number[]>();
  private alone = new Map<string, number>();
  private groupOf: (string | null)[] = [];
  /** Numeric attributes holding a value that is not an integer of at most 31 bits (since the last full build). */
  private inexact = new Set<string>();
  /** Arrays the last full build's arenas had no room for (arena.ts; a sizing mistake, tests expect 0). */
  arenaOverflows = 0;
  /** Bumped by every change: caches keyed by it go stale. */
  version = 0;
  private readonly columnOf: Map<string, number>;
  private readonly readColumns: ColumnReader;

  constructor(readonly settings: ResolvedSettings) {
    const s = settings;
    const attrs = [...new Set([...s.numeric, ...s.faceting, ...s.searchable])];
    this.columnOf = new Map(attrs.map((a, i) => [a, i]));
    this.readColumns = columnReader(attrs);
    this.reset(0);
  }

  private reset(expected: number, objectIDs: string[] = [], idOf = new IdTable(objectIDs)) {
    this.capDocs = Math.max(1024, Math.ceil((expected * 1.125 + 64) / 32) * 32);
    this.capWords = this.capDocs >>> 5;
    const s = this.settings;
    // Every per-doc array comes out of one buffer (arena.ts: one collection instead of one per 64 MB).
    const perDoc = s.faceting.length * 4 + (s.numeric.length + 2) * 8 + TextIndex.bytesPerDoc + Orders.bytesPerDoc;
    const arena = new Arena(this.capWords * 4 + perDoc * this.capDocs);
    const alloc = arenaAlloc(arena);
    this.records = [];
    this.objectIDs = objectIDs;
    this.idOf = idOf;
    this.free = [];
    this.n = this.live = 0;
    this.alive = alloc(Uint32Array, this.capWords);
    this.facets = new Map(s.faceting.map((a) => [a, new FacetField(this.capDocs, alloc)]));
    // The first `expected` slots are written by the full build that asked for them.
    this.numbers = new Map(s.numeric.map((a) => [a, alloc(Float64Array, this.capDocs).fill(NaN, expected)]));
    this.lat = alloc(Float64Array, this.capDocs).fill(NaN, expected);
    this.lng = alloc(Float64Array, this.capDocs).fill(NaN, expected);
    this.text = new TextIndex(s.searchable, this.capDocs, alloc);
    this.orders = new Orders(s.customRanking, s.replicas, this.numbers, this.objectIDs, this.capDocs, alloc);
    this.arenaOverflows = arena.overflows;
    this.shared = new Map();
    this.alone = new Map();
    this.groupOf = [];
    this.inexact = new Set();
    this.version++;
  }

  private grow() {
    const cap = this.capDocs * 2;
    this.capDocs = cap;
    this.capWords = cap >>> 5;
    this.alive = grow(this.alive, this.capWords);
    for (const [a, col] of this.numbers) this.numbers.set(a, widen(col, cap));
    this.lat = widen(this.lat, cap);
    this.lng = widen(this.lng, cap);
    for (const f of this.facets.values()) f.grow(cap, this.capWords);
    this.text.grow(cap);
    this.orders.grow(cap);
  }

  /** Replaces the whole index (a full build). A later record with the same objectID wins. */
  replaceAll(input: readonly InputRecord[]) {
    const records = input as readonly SearchableRecord[];
    // One pass over the records: check each (all or nothing — nothing changes before every record
    // passed) and assign dense ids, a later record with the same objectID replacing the earlier.
    const list: SearchableRecord[] = [];
    const objectIDs: string[] = [];
    const idOf = new IdTable(objectIDs, records.length);
    const hashes = sharedAlloc(Float64Array, records.length); // by doc id: the orders' tie-break too
    for (let i = 0; i < records.length; i++) {
      const r = records[i];
      checkRecord(r, i);
      const hash = idHash(r.objectID);
      const d = idOf.get(r.objectID, hash);
      if (d !== undefined) {
        list[d] = r;
        continue;
      }
      objectIDs.push(r.objectID);
      hashes[list.length] = hash;
      idOf.add(list.push(r) - 1, hash);
    }
    this.reset(list.length, objectIDs, idOf);
    const n = (this.n = this.live = list.length);
    this.records = list;
    for (let w = 0; w < n >>> 5; w++) this.alive[w] = ~0;
    for (let d = n & ~31; d < n; d++) set(this.alive, d);
    const searchable = this.settings.searchable.map((a) => this.columnOf.get(a)!);
    const facetCodes = this.settings.searchable.map((a) => (this.facets.has(a) ? { col: this.facets.get(a)!.col, terms: [] } : null));
    this.text.startBuild(n);
    for (let start = 0; start < n; start += READ_CHUNK) this.readChunk(list, start, Math.min(n, start + READ_CHUNK), searchable, facetCodes);
    // The facets' bitsets and lists and the posting lists, sized by now, from one more arena.
    const finish = new Arena([...this.facets.values()].reduce((sum, f) => sum + f.finishBytes(this.capDocs, this.capWords), this.text.finishBytes()));
    for (const f of this.facets.values()) f.finishBuild(n, this.capDocs, this.capWords, arenaAlloc(finish));
    this.text.finishBuild(n, arenaAlloc(finish));
    this.arenaOverflows += finish.overflows;
    const docs = sharedAlloc(Int32Array, n);
    for (let d = 0; d < n; d++) docs[d] = d;
    this.orders.build(docs, hashes);
  }

  // A chunk of records at a time (short-lived arrays, not millions of slots to promote); a method, so optimised early, not by OSR.
  private readChunk(list: SearchableRecord[], start: number, end: number, searchable: number[], facetCodes: (FacetCodes | null)[]) {
    const columns = this.readColumns(list, start, end);
    for (const [a, col] of this.numbers) {
      const raw = columns[this.columnOf.get(a)!];
      let exact = true;
      for (let i = 0; i < raw.length; i++) {
        const v = (col[start + i] = numericValue(raw[i]));
        exact &&= v !== v || (v | 0) === v;
      }
      if (!exact) this.inexact.add(a);
    }
    for (const [a, f] of this.facets) f.encodeAll(columns[this.columnOf.get(a)!], start);
    for (let d = start; d < end; d++) {
      this.setPoint(d, list[d]);
      this.group(d, list[d]);
    }
    this.text.collect(searchable.map((k) => columns[k]), start, end - start, facetCodes);
  }

  /** Adds or replaces records by objectID, updating the structures in place (no rebuild). A later record with the same objectID wins. */
  upsert(input: readonly InputRecord[]) {
    const records = input as readonly SearchableRecord[];
    records.forEach(checkRecord);
    const byId = new Map(records.map((r) => [r.objectID, r]));
    const dirty = new Uint32Array(this.capWords);
    const replaced: number[] = [];
    for (const id of byId.keys()) {
      const d = this.idOf.get(id);
      if (d !== undefined) replaced.push(d);
    }
    this.unindex(replaced, dirty);
    const inserted: number[] = [];
    for (const [id, r] of byId) {
      let d = this.idOf.get(id);
      if (d === undefined) {
        d = this.free.pop() ?? this.n++;
        if (d >= this.capDocs) this.grow();
        this.live++;
      }
      this.index(d, r);
      inserted.push(d);
    }
    this.orders.update(dirty.length === this.capWords ? dirty : grow(dirty, this.capWords), inserted);
    this.version++;
  }

  /** Removes records by objectID (unknown ids are ignored). */
  remove(objectIDs: string[]) {
    const dirty = new Uint32Array(this.capWords);
    const docs = [...new Set(objectIDs)].map((id) => this.idOf.get(id)).filter((d): d is number => d !== undefined);
    this.unindex(docs, dirty);
    for (const d of docs) {
      clear(this.alive, d);
      this.idOf.delete(d);
      this.records[d] = undefined;
      for (const col of this.numbers.values()) col[d] = NaN;
      this.lat[d] = this.lng[d] = NaN;
      this.free.push(d);
      this.live--;
    }
    this.orders.update(dirty, []);
    this.version++;
  }

  /** The doc id of an objectID, if indexed. */
  docOf(objectID: string): number | undefined {
    return this.idOf.get(objectID);
  }

  /** Whether sums of `attribute` over any docs are exact in floating point (integers of 31 bits, fewer than 2^22 docs), so differences of sums are too. */
  integral(attribute: string): boolean {
    return !this.inexact.has(attribute) && this.capDocs < 2 ** 22;
  }

  private index(d: number, r: SearchableRecord) {
    const fresh = this.objectIDs[d] !== r.objectID || this.records[d] === undefined;
    this.records[d] = r;
    this.objectIDs[d] = r.objectID;
    if (fresh) this.idOf.add(d);
    set(this.alive, d);
    for (const [a, col] of this.numbers) {
      const v = (col[d] = numericValue(r[a]));
      if (v === v && (v | 0) !== v) this.inexact.add(a);
    }
    this.setPoint(d, r);
    this.group(d, r);
    for (const [a, f] of this.facets) f.add(d, r[a], this.capDocs, this.capWords);
    this.text.add(d, r);
  }

  private group(d: number, r: SearchableRecord) {
    const attr = this.settings.attributeForDistinct;
    const key = attr ? distinctKey(r[attr]) : null;
    this.groupOf[d] = key;
    if (key === null) return;
    const other = this.alone.get(key);
    if (other !== undefined) {
      this.alone.delete(key);
      this.shared.set(key, [other, d]);
    } else if (this.shared.has(key)) this.shared.get(key)!.push(d);
    else this.alone.set(key, d);
  }

  private ungroup(d: number) {
    const key = this.groupOf[d];
    if (key === null || key === undefined) return;
    this.groupOf[d] = null;
    const docs = this.shared.get(key);
    if (!docs) return void this.alone.delete(key);
    docs.splice(docs.indexOf(d), 1);
    if (docs.length === 1) {
      this.shared.delete(key);
      this.alone.set(key, docs[0]);
    }
  }

  private setPoint(d: number, r: SearchableRecord) {
    const point = geolocOf(r._geoloc);
    this.lat[d] = point ? point[0] : NaN;
    this.lng[d] = point ? point[1] : NaN;
  }

  /** Takes docs out of the facet and text structures (one pass per posting list for the batch), marking them in `dirty`. */
  private unindex(docs: number[], dirty: Bits) {
    for (const d of docs) {
      set(dirty, d);
      for (const f of this.facets.values()) f.remove(d);
      this.ungroup(d);
    }
    this.text.removeMany(docs.map((d) => [d, this.records[d]!]), dirty);
  }
}

/** A column copied into a longer one, the new slots empty (NaN). */
function widen(col: Float64Array, cap: number): Float64Array {
  const bigger = new Float64Array(cap).fill(NaN);
  bigger.set(col);
  return bigger;
}

function checkRecord(r: SearchableRecord, i: number) {
  if (!r || typeof r !== "object" || typeof r.objectID !== "string" || r.objectID === "") throw new Error(`records[${i}] needs a non-empty string objectID`);
}
