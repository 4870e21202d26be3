/**
 * The embedded search engine: answers Algolia search requests from an in-process index.
 *
 * The data (store.ts): dense doc ids, per facet value a bitset or id list, per numeric attribute a
 * column, per term a posting list, per order a permutation. A query is bitset algebra — base filter
 * AND request filters AND text match — then a walk of the order's permutation for the page
 * (select.ts), and facet counts by popcount or by tallying hits, whichever is cheaper per attribute.
 * reference.ts has the same semantics as a plain scan.
 *
 * Semantics, where Algolia leaves room:
 * - Text: folded (case, diacritics) words of letters and digits; every query word must match; the
 *   last also as a prefix; 1 typo from 4 letters, 2 from 8, same first letter, none with digits.
 *   Ranking: fewer typos, earlier attribute, more exact words, customRanking, then the objectID's
 *   hash (a data-defined order, so incremental updates rank exactly like a fresh build).
 * - A replica name sorts by its attributes first (missing values last), then by relevance; any
 *   other index name is the primary order.
 * - `facets` counts attributesForFaceting and gives facets_stats for numericAttributes (a numeric
 *   attribute that is not also for faceting is listed in `facets` with no values, as InstantSearch's
 *   range widgets need its name there to read the stats); other names are ignored. Filter values match facet values case-insensitively. Hits are reachable up
 *   to paginationLimitedTo (1000). Unknown parameters (analytics, userToken …) are ignored.
 * - Geo: with aroundLatLng, only records whose `_geoloc` (one point; an array's first) is within
 *   aroundRadius metres (any distance without one, or "all") are hits, ranked by distance in steps of
 *   aroundPrecision metres (default 10) after the replica's sort and the typos, before the rest of
 *   relevance — Algolia's order (typo, geo, words …). Algolia's automatic radius (set by the density of
 *   records) is not computed: no radius means any distance.
 * - Records are held by reference: pass new objects to upsert rather than mutating indexed ones.
 */
import { BASE_CACHE, type Base, BaseCache } from "./bases";
import { type Bits, and, andInto, andNot, clear, has, orInto, popcount, set, toList, wordsFor } from "./bitset";
import { checkFilter, filterKey, parseFilters } from "./filters";
import { parseParams } from "./params";
import { buildHit, envelope, facetHits, facetsAndStats, pageWindow } from "./response";
import { hitOrder, selectPage, type Result } from "./select";
import { queryWords, typosOfKey, type QueryWord } from "./text";
import { type Stats, type Sums, bounds, boundsOf, minMax, scanStats, statsOfCounts, totalsOf } from "./stats";
import type { Orders } from "./order";
import type { Steps } from "./sort";
import { Store } from "./store";
import type { TextMatch } from "./text-index";
import {
  SearchRequestError,
  resolveSettings,
  type FacetSearchResponse,
  type FilterNode,
  type IndexSettings,
  type InputRecord,
  type MultiQueryRequest,
  type QueryOptions,
  type ResolvedSettings,
  type SearchParams,
  type SearchResponse,
  type SearchableRecord,
} from "./types";
import { geoDistance, orderFacetCounts } from "./values";
import { WARM_MS, WARM_REQUESTS, type WarmPage, warmPages } from "./warmup";

export { SearchRequestError, parseFilters };
export type { FacetSearchResponse, FilterNode, IndexSettings, InputRecord, MultiQueryRequest, QueryOptions, SearchParams, SearchResponse, SearchableRecord };

/** Work shared by the queries of one multipleQueries call (InstantSearch's main + disjunctive queries). */
interface Context {
  base: Base;
  memo: Map<string, Bits>;
  text: Map<string, TextMatch>;
  /** Buffers taken from the index's pools, returned when the call ends. */
  bits: Bits[];
  docs: Int32Array[];
}

const POOL = 64;

export class SearchIndex {
  readonly settings: ResolvedSettings;
  private readonly store: Store;
  /** Base sets with their counts, and range filters' docs, kept current by writes (bases.ts). */
  private readonly bases: BaseCache;
  private baseParsed = new Map<string, FilterNode | null>();
  // Scratch, sized to the store's capacity: a result's docs, the base docs it leaves out, a base's docs.
  private docs = new Int32Array(0);
  private docs2 = new Int32Array(0);
  private docs3 = new Int32Array(0);
  /** A geo query's distance step per hit. */
  private steps = new Float64Array(0);
  private bitsPool: Bits[] = [];
  private docsPool: Int32Array[] = [];
  /** Whether the idle work (scheduleIdle) is under way. */
  private idleRunning = false;
  private idleWork: Promise<number> = Promise.resolve(0);
  /** The warm-up still to run in idle time after the first full build (warmup.ts), with what it has used. */
  private warm: { pages: Generator<WarmPage>; done: number; ms: number } | null = null;
  private warmed: boolean;
  /** Pages the warm-up answered (for tests). */
  warmUpPages = 0;

  /** `warmUp`: after the first full build, answer a few hundred pages in idle time first (warmup.ts), as a server does. */
  constructor(settings: IndexSettings, options: { warmUp?: boolean } = {}) {
    this.warmed = !options.warmUp;
    this.settings = resolveSettings(settings);
    this.store = new Store(this.settings);
    this.bases = new BaseCache(this.store);
  }

  get size(): number {
    return this.store.live;
  }

  /** Arrays the last full build's arenas had no room for (arena.ts): a sizing mistake, 0 when right. */
  get buildOverflows(): number {
    return this.store.arenaOverflows;
  }

  /** Facet counts computed over a whole base set since the index was made (kept with the base, and by writes): for tests. */
  get baseCountsComputed(): number {
    return this.bases.countsComputed;
  }

  /** Replaces the whole index (a full build). A later record with the same objectID wins. */
  replaceAll(records: readonly InputRecord[]) {
    this.store.replaceAll(records);
    if (!this.warmed) {
      this.warmed = true;
      this.warm = { pages: warmPages(this.settings, this.store.records, this.store.live), done: 0, ms: 0 };
    }
    this.scheduleIdle();
  }

  /**
   * After a full build, builds in idle time what a visitor's first request would otherwise pay for:
   * the replicas' sort orders, and any stats order a request asked for (Orders.ascending), a slice of
   * one order's sort per turn of the event loop (setImmediate; sort.ts SLICE), so a request that
   * arrives meanwhile waits for one slice at most. A write or a full build between two slices drops
   * that order's work, which starts again on the new data. A request that needs a replica's order
   * before this work finished it builds that one itself (Orders.permFor), as without idle work:
   * answers never depend on how far it got. One run at a time, across full builds.
   */
  private scheduleIdle() {
    if (this.idleRunning) return;
    this.idleRunning = true;
    this.idleWork = new Promise((resolve) => {
      let built = 0;
      let job: { orders: Orders; version: number; name: string; steps: Steps<void> } | null = null;
      const step = () => {
        const { orders, version } = this.store;
        if (job && (job.orders !== orders || job.version !== version || !orders.unbuilt().includes(job.name))) job = null;
        if (!job) {
          const [name] = orders.unbuilt();
          if (name === undefined && this.warmStep()) return void setImmediate(step);
          if (name === undefined) {
            this.idleRunning = false;
            return resolve(built);
          }
          job = { orders, version, name, steps: orders.buildSteps(name) };
        }
        if (job.steps.next().done) {
          job = null;
          built++;
        }
        setImmediate(step);
      };
      setImmediate(step);
    });
  }

  /**
   * One page of the warm-up after the first full build (warmup.ts), once the orders are built; false
   * when it is over (its pages and time used up), when its caches are dropped. The orders its stats
   * ask for are built before it goes on, as for a visitor's.
   */
  private warmStep(): boolean {
    const w = this.warm;
    if (!w) return false;
    const t = performance.now();
    const page = w.pages.next();
    if (!page.done) {
      try {
        this.multipleQueries(page.value.requests, { baseFilter: page.value.baseFilter });
      } catch {
        // a value the generator quoted badly: the warm-up only runs the code
      }
    }
    w.ms += performance.now() - t;
    this.warmUpPages = page.done ? w.done : ++w.done;
    if (!page.done && w.done < WARM_REQUESTS && w.ms < WARM_MS) return true;
    this.warm = null;
    this.bases.drop();
    return false;
  }

  /** Resolves, with the number of orders it built, when the idle work under way or last done has ended (benchmarks, tests). */
  idle(): Promise<number> {
    return this.idleWork;
  }

  /** Adds or replaces records by objectID, updating the structures in place (no rebuild). */
  upsert(records: readonly InputRecord[]) {
    const docs = (ids: readonly InputRecord[]) => [...new Set(ids.map((r) => (typeof r?.objectID === "string" ? this.store.docOf(r.objectID) : undefined)).filter((d) => d !== undefined))];
    const snap = this.bases.before(docs(records));
    this.store.upsert(records);
    this.bases.after(snap, docs(records));
  }

  /** Removes records by objectID (unknown ids are ignored). */
  remove(objectIDs: string[]) {
    const snap = this.bases.before([...new Set(objectIDs.map((id) => this.store.docOf(id)).filter((d) => d !== undefined))]);
    this.store.remove(objectIDs);
    this.bases.after(snap, []);
  }

  /** One query against `opts.indexName` (a replica name selects its sort; any other name, the primary order). */
  search(params: string | Record<string, unknown>, opts: QueryOptions): SearchResponse {
    const { results } = this.multipleQueries([{ indexName: opts.indexName, params }], opts);
    return results[0] as SearchResponse;
  }

  /** `POST /1/indexes/*\/queries`: answers each request in order, all under `opts.baseFilter`. */
  multipleQueries(requests: MultiQueryRequest[], opts: Omit<QueryOptions, "indexName"> = {}): { results: (SearchResponse | FacetSearchResponse)[] } {
    if (!Array.isArray(requests)) throw new SearchRequestError('"requests" must be an array');
    this.fitScratch();
    const ctx = this.context(opts.baseFilter ?? null);
    try {
      return { results: requests.map((req, i) => this.answer(req, i, ctx)) };
    } finally {
      this.release(ctx);
    }
  }

  private answer(req: MultiQueryRequest, i: number, ctx: Context): SearchResponse | FacetSearchResponse {
    if (!req || typeof req !== "object") throw new SearchRequestError(`requests[${i}] must be an object`);
    const { indexName, params, type, ...flat } = req as MultiQueryRequest & Record<string, unknown>;
    if (typeof indexName !== "string") throw new SearchRequestError(`requests[${i}].indexName must be a string`);
    const p = parseParams(params, this.settings, flat);
    if (type === "facet") return this.facetSearch(p, indexName, ctx);
    if (type !== undefined && type !== "default") throw new SearchRequestError(`requests[${i}].type must be "default" or "facet"`);
    return this.query(p, indexName, ctx);
  }

  /** Scratch and pools follow the store's capacity, which grows with upserts. */
  private fitScratch() {
    const cap = this.store.capDocs;
    if (this.docs.length === cap) return;
    this.docs = new Int32Array(cap);
    this.docs2 = new Int32Array(cap);
    this.docs3 = new Int32Array(cap);
    this.steps = new Float64Array(cap);
    this.bitsPool = [];
    this.docsPool = [];
  }

  // Query-time bitsets and doc arrays come from pools and go back when the call ends. Allocating
  // them afresh (tens of KB each at 500k docs) churns external memory, and V8 answers external
  // memory growth with full garbage collections — which, over a heap holding every record, cost
  // more than the queries themselves.
  private takeBits(ctx: Context): Bits {
    const b = this.bitsPool.pop()?.fill(0) ?? new Uint32Array(this.store.capWords);
    ctx.bits.push(b);
    return b;
  }

  private takeDocs(ctx: Context): Int32Array {
    const d = this.docsPool.pop() ?? new Int32Array(this.store.capDocs);
    ctx.docs.push(d);
    return d;
  }

  private release(ctx: Context) {
    for (const b of ctx.bits) if (b.length === this.store.capWords && this.bitsPool.length < POOL) this.bitsPool.push(b);
    for (const d of ctx.docs) if (d.length === this.store.capDocs && this.docsPool.length < POOL) this.docsPool.push(d);
  }

  private context(baseFilter: FilterNode | string | null): Context {
    let node: FilterNode | null;
    if (typeof baseFilter === "string") {
      if (!this.baseParsed.has(baseFilter)) {
        if (this.baseParsed.size >= BASE_CACHE) this.baseParsed.clear();
        try {
          this.baseParsed.set(baseFilter, parseFilters(baseFilter, this.settings, "the base filter"));
        } catch (e) {
          throw new Error(`Invalid base filter: ${(e as Error).message}`, { cause: e }); // a server bug, not the visitor's
        }
      }
      node = this.baseParsed.get(baseFilter)!;
    } else {
      node = baseFilter;
      if (node) checkFilter(node, this.settings);
    }
    const ctx: Context = { base: null!, memo: new Map(), text: new Map(), bits: [], docs: [] };
    // A tenant's base set stays the same across its requests, and writes keep it current (bases.ts).
    const base = this.bases.base(node ? filterKey(node) : "*", node, () => and(new Uint32Array(this.store.capWords), this.store.alive, this.evaluate(node!, ctx)));
    base.uses++;
    ctx.base = base;
    return ctx;
  }

  /** A filter's docs (among all ids; the caller ANDs the base in). Memoised per call; never mutate the result. */
  private evaluate(node: FilterNode, ctx: Context): Bits {
    const key = filterKey(node);
    let out = ctx.memo.get(key);
    if (out) return out;
    switch (node.type) {
      case "facet":
        out = this.takeBits(ctx);
        this.store.facets.get(node.attribute)!.orValue(node.value, out);
        break;
      case "range":
        out = this.rangeDocs(node.attribute, node.lo, node.hi);
        break;
      case "numeric": {
        const [lo, hi] = bounds(node.op, node.value);
        out = this.rangeDocs(node.attribute, lo, hi);
        if (node.op === "!=") out = andNot(this.takeBits(ctx), this.store.alive, out); // like NOT attr=v: docs without the attribute match
        break;
      }
      case "not":
        out = andNot(this.takeBits(ctx), this.store.alive, this.evaluate(node.child, ctx));
        break;
      case "or":
        out = this.takeBits(ctx);
        for (const c of node.children) orInto(out, this.evaluate(c, ctx));
        break;
      case "and": {
        // Comparisons on one attribute (price>=a AND price<=b) become one range: one column pass.
        const ranges = new Map<string, [number, number]>();
        const parts: Bits[] = [];
        for (const c of node.children) {
          if (c.type === "range" || (c.type === "numeric" && c.op !== "!=")) {
            const [lo, hi] = c.type === "range" ? [c.lo, c.hi] : bounds(c.op, c.value);
            const r = ranges.get(c.attribute);
            ranges.set(c.attribute, r ? [Math.max(r[0], lo), Math.min(r[1], hi)] : [lo, hi]);
          } else parts.push(this.evaluate(c, ctx));
        }
        for (const [attribute, [lo, hi]] of ranges) parts.push(this.evaluate({ type: "range", attribute, lo, hi }, ctx));
        out = this.takeBits(ctx);
        out.set(parts[0]);
        for (let i = 1; i < parts.length; i++) andInto(out, parts[i]);
      }
    }
    ctx.memo.set(key, out);
    return out;
  }

  /**
   * Docs whose `attribute` is within [lo, hi], kept across calls and kept current by writes (bases.ts): pages
   * repeat a few slider ranges, and a pass over the column costs about as much as the rest of a page.
   */
  private rangeDocs(attribute: string, lo: number, hi: number): Bits {
    return this.bases.range(attribute, lo, hi, (out) => this.scan(attribute, lo, hi, out));
  }

  /** Docs whose `attribute` is within [lo, hi]: one branch-free pass over the column, 32 docs per output word. */
  private scan(attribute: string, lo: number, hi: number, out: Bits): Bits {
    const col = this.store.numbers.get(attribute)!;
    const n = this.store.n;
    for (let w = 0, words = wordsFor(n); w < words; w++) {
      const base = w << 5;
      const end = Math.min(32, n - base);
      let bits = 0;
      for (let j = 0; j < end; j++) {
        const v = col[base + j];
        bits |= (+(v >= lo) & +(v <= hi)) << j; // NaN (no value) fails both
      }
      out[w] = bits;
    }
    return out;
  }

  /** The request's result set: base AND filters AND (text match), with relevance when there is text. */
  private resolve(p: SearchParams, indexName: string, ctx: Context): Result & { words: QueryWord[]; complement: () => { bits: Bits; docs: Int32Array }; sums: Map<string, Sums>; counted: { attribute: string; counts: Int32Array } | null } {
    const base = ctx.base.bits;
    const filtered = p.filter ? and(this.takeBits(ctx), base, this.evaluate(p.filter, ctx)) : base;
    const words = queryWords(p.query, this.settings, p.typoTolerance, p.allowTyposOnNumericTokens, p.synonyms);
    let bits = filtered;
    let text: TextMatch | null = null;
    if (words.length) {
      const key = `${p.typoTolerance}|${p.allowTyposOnNumericTokens}|${p.synonyms}|${words.map((w) => w.text).join(" ")}`;
      let tm = ctx.text.get(key);
      if (!tm) ctx.text.set(key, (tm = this.store.text.match(words, base, () => this.takeBits(ctx), this.takeDocs(ctx))));
      bits = and(this.takeBits(ctx), filtered, tm.bits);
      text = tm;
    }
    let geo: Result["geo"] = null;
    if (p.around) {
      // Only the docs left by the filters and the text are measured: those with a point within the radius stay.
      const { lat, lng, radius, precision } = p.around;
      const docs = this.takeDocs(ctx);
      const k = toList(bits, docs);
      const within = this.takeBits(ctx);
      const { lat: lats, lng: lngs } = this.store;
      for (let i = 0; i < k; i++) {
        const d = docs[i];
        const m = geoDistance(lat, lng, lats[d], lngs[d]);
        if (m === m && (radius === null || m <= radius)) {
          set(within, d);
          this.steps[d] = Math.floor(m / precision);
        }
      }
      bits = within;
      const attributes = this.settings.searchable.length;
      geo = { step: this.steps, typos: (rel) => typosOfKey(rel, words.length, attributes) };
    }
    if (p.distinct && this.store.shared.size) {
      // Of each value held by several hits, the best ranked p.distinct stay (hits, facet counts and stats all after grouping).
      const order = hitOrder(this.settings.replicas.get(indexName) ?? null, this.store.numbers, this.store.orders.rank, { text, geo });
      let own = false;
      for (const docs of this.store.shared.values()) {
        const present = docs.filter((d) => has(bits, d));
        if (present.length <= p.distinct) continue;
        if (!own) {
          const copy = this.takeBits(ctx); // the filters' sets are shared within the call: group a copy
          copy.set(bits);
          bits = copy;
          own = true;
        }
        present.sort(order);
        for (let i = p.distinct; i < present.length; i++) clear(bits, present[i]);
      }
    }
    let listed: Int32Array | null = null;
    let rest: { bits: Bits; docs: Int32Array } | null = null;
    return {
      bits,
      nb: bits === base ? ctx.base.nb : popcount(bits),
      list: () => (listed ??= this.docs.subarray(0, toList(bits, this.docs))),
      complement: () => {
        if (rest) return rest;
        const restBits = andNot(this.takeBits(ctx), base, bits);
        return (rest = { bits: restBits, docs: this.docs2.subarray(0, toList(restBits, this.docs2)) });
      },
      text,
      geo,
      words,
      sums: new Map(),
      counted: null,
    };
  }

  private query(p: SearchParams, indexName: string, ctx: Context): SearchResponse {
    const started = performance.now();
    const r = this.resolve(p, indexName, ctx);
    const { from, to } = pageWindow(p, this.settings);
    const hits = selectPage(this.store.orders, indexName, this.store.numbers, r, from, to).map((d) => buildHit(this.store.records[d]!, p, r.words, this.settings));
    const { facets, stats } = facetsAndStats(
      p,
      (a) => this.store.facets.has(a),
      (a) => orderFacetCounts(this.store.facets.get(a)!.values, (r.counted = { attribute: a, counts: this.countFacet(a, r, ctx.base) }).counts, p.sortFacetValuesBy, p.maxValuesPerFacet),
      (a) => (this.store.numbers.has(a) ? this.stats(a, r, ctx.base, p) : null),
    );
    return envelope(p, this.settings, indexName, r.nb, hits, facets, stats, started);
  }

  private facetSearch(p: SearchParams, indexName: string, ctx: Context): FacetSearchResponse {
    const started = performance.now();
    const name = p.facetName;
    if (!name) throw new SearchRequestError('A "facet" request needs facetName');
    if (!this.store.facets.has(name)) throw new SearchRequestError(`Attribute "${name}" is not in attributesForFaceting`);
    const r = this.resolve(p, indexName, ctx);
    const f = this.store.facets.get(name)!;
    const counts = this.countFacet(name, r, ctx.base);
    const byValue = new Map<string, number>();
    for (let v = 0; v < counts.length; v++) if (counts[v] > 0) byValue.set(f.values[v], counts[v]);
    return { facetHits: facetHits(byValue, p, this.settings), exhaustiveFacetsCount: true, processingTimeMS: Math.round(performance.now() - started) };
  }

  /**
   * Counts per value of one facet within the result, by the cheapest of: popcounting each value's
   * bitset within the result (cost independent of the result's size), tallying each hit's value
   * (one step per hit), or — for results covering most of a tenant's base set — the base set's
   * counts minus a tally of the base docs the result leaves out. Base counts are worth computing
   * once a base is in repeated use, and are free when a query's result is the whole base (browse).
   */
  private countFacet(attribute: string, r: ReturnType<SearchIndex["resolve"]>, base: Base): Int32Array {
    const f = this.store.facets.get(attribute)!;
    const byValues = f.costByValues(this.store.capWords);
    if (r.nb === base.nb) return this.baseCounts(attribute, base);
    if ((base.counts.has(attribute) || base.uses > 1) && base.nb - r.nb + (this.store.capWords >>> 2) < Math.min(byValues, r.nb)) {
      const all = this.baseCounts(attribute, base);
      const rest = r.complement();
      const counts = f.countByDocs(rest.docs, rest.docs.length, rest.bits);
      for (let v = 0; v < counts.length; v++) counts[v] = all[v] - counts[v];
      return counts;
    }
    if (byValues < r.nb) return f.countByValues(r.bits);
    const docs = r.list();
    return f.countByDocs(docs, docs.length, r.bits);
  }

  /**
   * A facet's counts over a base set, kept with the base: by values, by tallying its docs, or — for a
   * base holding most live docs (a national group's, or no base filter) — the field's counts over
   * every live doc (FacetField.count, kept current by every write) less a tally of the live docs
   * outside the base (base.outside, listed once per base).
   */
  private baseCounts(attribute: string, base: Base): Int32Array {
    let counts = base.counts.get(attribute);
    if (!counts) {
      const f = this.store.facets.get(attribute)!;
      const byValues = f.costByValues(this.store.capWords);
      const outside = this.store.live - base.nb;
      if (outside + (this.store.capWords >>> 2) < Math.min(byValues, base.nb)) {
        if (!base.outside) {
          const bits = andNot(new Uint32Array(this.store.capWords), this.store.alive, base.bits);
          base.outside = { bits, docs: this.docs3.slice(0, toList(bits, this.docs3)) };
        }
        const out = f.countByDocs(base.outside.docs, base.outside.docs.length, base.outside.bits);
        counts = new Int32Array(out.length);
        for (let v = 0; v < out.length; v++) counts[v] = f.count[v] - out[v];
      } else if (byValues < base.nb) counts = f.countByValues(base.bits).slice();
      else {
        const k = toList(base.bits, this.docs3);
        counts = f.countByDocs(this.docs3, k, base.bits).slice();
      }
      base.counts.set(attribute, counts);
      this.bases.countsComputed++;
    }
    return counts;
  }

  /**
   * min, max, avg, sum of a numeric attribute over the result (stats.ts): over a whole base set,
   * scanned once and kept with the base; for a numeric facet, from its counts; for a result that
   * leaves out fewer base docs than it holds, min and max by walking the attribute's order, sum and
   * count from the base's less the docs left out; else one pass over the hits (with the request's
   * other numeric facets).
   */
  private stats(attribute: string, r: ReturnType<SearchIndex["resolve"]>, base: Base, p: SearchParams): Stats | null {
    const col = this.store.numbers.get(attribute)!;
    // A numeric facet (year, seats) just counted for this result: its counts per value give the stats.
    if (r.counted?.attribute === attribute && this.statsByFacet(attribute)) return statsOfCounts(this.store.facets.get(attribute)!.values, r.counted.counts);
    if (r.nb === base.nb) {
      // A whole base set: one pass over its docs for this and the request's other numeric attributes (totalsOf), kept with the base.
      if (!base.stats.has(attribute)) {
        const group = [attribute, ...p.facets.filter((a) => a !== attribute && this.store.numbers.has(a) && !this.statsByFacet(a) && !base.stats.has(a))];
        const all = totalsOf(
          group.map((a) => this.store.numbers.get(a)!),
          r.list(),
        );
        group.forEach((a, i) => base.stats.set(a, all[i]));
      }
      const s = base.stats.get(attribute)!;
      return s.count ? { min: s.min, max: s.max, avg: s.sum / s.count, sum: s.sum } : null;
    }
    if (!this.byRest(attribute, r, base)) {
      // One pass over the hits gives all four figures, with the request's other numeric facets.
      const s = this.sums(attribute, false, r, base, p);
      return s.count ? { min: s.min, max: s.max, avg: s.sum / s.count, sum: s.sum } : null;
    }
    const asc = this.store.orders.ascending(attribute);
    if (!asc) {
      this.scheduleIdle(); // builds the order asked for; meanwhile, one pass over the hits
      const s = this.sums(attribute, false, r, base, p);
      return s.count ? { min: s.min, max: s.max, avg: s.sum / s.count, sum: s.sum } : null;
    }
    const [lo, hi] = boundsOf(p.filter, attribute);
    const range = minMax(asc, col, r.bits, lo, hi, r.nb + 256);
    if (range === undefined) return scanStats(col, r.list());
    if (range === null) return null;
    // min and max by the walk above; sum and count: the base's less those of the docs the result leaves out.
    let all = base.totals.get(attribute);
    if (!all) {
      // The base's totals of this and the request's other numeric attributes summed the same way, in one pass over its docs.
      const group = [attribute, ...p.facets.filter((a) => a !== attribute && this.store.numbers.has(a) && this.store.integral(a) && !this.statsByFacet(a) && !base.totals.has(a))];
      const sums = totalsOf(
        group.map((a) => this.store.numbers.get(a)!),
        this.docs3.subarray(0, toList(base.bits, this.docs3)),
      );
      group.forEach((a, i) => base.totals.set(a, { sum: sums[i].sum, count: sums[i].count }));
      all = base.totals.get(attribute)!;
    }
    const left = this.sums(attribute, true, r, base, p);
    const t = { sum: all.sum - left.sum, count: all.count - left.count };
    return { min: range[0], max: range[1], avg: t.sum / t.count, sum: t.sum };
  }

  /** Whether a numeric attribute's facet counts give its facets_stats exactly (FacetField.numbersOnly; sums exact on integers). */
  private statsByFacet(attribute: string): boolean {
    return !!this.store.facets.get(attribute)?.numbersOnly && this.store.integral(attribute);
  }

  /** Whether an attribute's sum is the base's less the docs the result leaves out (fewer than it holds; exact on integers only). */
  private byRest(attribute: string, r: ReturnType<SearchIndex["resolve"]>, base: Base): boolean {
    return base.nb - r.nb < r.nb && this.store.integral(attribute);
  }

  /**
   * Totals of `attribute` over the result's docs (`rest`: over the base docs it leaves out), found
   * with those of the request's other numeric facets summed over the same docs, in one pass (totalsOf).
   */
  private sums(attribute: string, rest: boolean, r: ReturnType<SearchIndex["resolve"]>, base: Base, p: SearchParams): Sums {
    const key = `${+rest}|${attribute}`;
    const t = r.sums.get(key);
    if (t) return t;
    const group = [attribute];
    for (const a of p.facets) {
      const taken = a === attribute || !this.store.numbers.has(a) || this.statsByFacet(a) || group.includes(a);
      if (!taken && this.byRest(a, r, base) === rest) group.push(a);
    }
    const all = totalsOf(
      group.map((a) => this.store.numbers.get(a)!),
      rest ? r.complement().docs : r.list(),
    );
    group.forEach((a, i) => r.sums.set(`${+rest}|${a}`, all[i]));
    return all[0];
  }
}
