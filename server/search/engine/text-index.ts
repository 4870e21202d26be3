/**
 * The inverted index for full-text queries: a term dictionary kept sorted (prefix ranges and typo
 * candidates are ranges of it) and, per term, the docs holding it with the earliest searchable
 * attribute it occurs in. Posting lists are unsorted — matching tallies per doc in scratch arrays —
 * so an update is an append, and removals filter each touched list once per batch. Frequent terms
 * (in ≥ 1/32 of the docs) are kept as bitsets too, one per earliest attribute: the common one-word
 * query ("toyota") and the survivors of a rarer word then cost bitset algebra, not list walks.
 */
import { type Alloc, Arena, ownAlloc, sharedAlloc } from "./arena";
import { type Bits, and, clear, grow, has, orInto, popcountAnd, set } from "./bitset";
import { EXACT, matchToken, relevanceKey, tokenise, typosOf, type QueryWord } from "./text";
import { OFFSET as FACET_ID_OFFSET } from "./facets";

/** Term ids fit 24 bits in the full build's pairs (term * 256 + attribute). */
const MAX_TERMS = 2 ** 24;
import type { SearchableRecord } from "./types";
import { searchableStrings } from "./values";

/** Docs matching every query word, and each one's relevance key (lower ranks first). */
export interface TextMatch {
  bits: Bits;
  maxRel: number;
  /** The relevance key of a doc in `bits`. */
  relOf: (d: number) => number;
  /** How many docs of `sub` (a subset of `bits`, whose docs `list` gives) have each relevance key. */
  relCounts: (sub: Bits, list: () => Int32Array) => Int32Array;
}

/** A frequent term's docs as bitsets, one per earliest attribute holding the term (disjoint). */
type Partitions = { attr: number; bits: Bits }[];

const TOKEN_CACHE_LIMIT = 50_000;

/** A facet's per-doc value codes (value id + FACET_ID_OFFSET) and, per value id, its terms (filled in). */
export interface FacetCodes {
  col: Int32Array;
  terms: (number[] | undefined)[];
}

export class TextIndex {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private sortedTerms: string[] = [];
  private sortedIds: number[] = [];
  private sortedDirty = false;
  private postDocs: Int32Array[] = [];
  private postAttr: Uint8Array[] = [];
  private postLen: number[] = [];
  /** Per frequent term, its bitsets; null for the others. */
  private dense: (Partitions | null)[] = [];
  private capDocs: number;
  private readonly tokenCache = new Map<string, number[]>(); // attribute text → its term ids
  private termStamp: number[] = []; // dedupes a doc's terms
  private docStamp = 0;

  // Scratch for matching, indexed by doc: `seen` marks which word a doc last matched.
  private seen: Int32Array;
  private stamp = 0;
  private typos: Uint16Array;
  private exact: Uint16Array;
  private attr: Uint8Array;
  private wordTypos: Uint8Array;
  private wordExact: Uint8Array;
  private lists: [Int32Array, Int32Array];

  /** Bytes per doc of the arrays the constructor allocates. */
  static readonly bytesPerDoc = 4 + 2 + 2 + 1 + 1 + 1 + 4 + 4;

  constructor(
    private readonly attributes: string[],
    capDocs: number,
    alloc: Alloc = ownAlloc,
  ) {
    this.capDocs = capDocs;
    this.seen = alloc(Int32Array, capDocs);
    this.typos = alloc(Uint16Array, capDocs);
    this.exact = alloc(Uint16Array, capDocs);
    this.attr = alloc(Uint8Array, capDocs);
    this.wordTypos = alloc(Uint8Array, capDocs);
    this.wordExact = alloc(Uint8Array, capDocs);
    this.lists = [alloc(Int32Array, capDocs), alloc(Int32Array, capDocs)];
  }

  grow(capDocs: number) {
    const g = <T extends Int32Array | Uint16Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(capDocs);
      b.set(a);
      return b;
    };
    this.seen = g(this.seen);
    this.typos = g(this.typos);
    this.exact = g(this.exact);
    this.attr = g(this.attr);
    this.wordTypos = g(this.wordTypos);
    this.wordExact = g(this.wordExact);
    this.lists = [new Int32Array(capDocs), new Int32Array(capDocs)];
    this.capDocs = capDocs;
    for (const parts of this.dense) for (const p of parts ?? []) p.bits = grow(p.bits, capDocs >>> 5);
  }

  private isFrequent = (t: number) => this.postLen[t] >= 64 && this.postLen[t] * 32 >= this.capDocs;

  /** Builds a term's bitsets from its posting list. */
  private makeDense(t: number) {
    const parts: Partitions = [];
    for (let j = 0; j < this.postLen[t]; j++) {
      const a = this.postAttr[t][j];
      let p = parts.find((x) => x.attr === a);
      if (!p) parts.push((p = { attr: a, bits: sharedAlloc(Uint32Array, this.capDocs >>> 5) }));
      set(p.bits, this.postDocs[t][j]);
    }
    this.dense[t] = parts;
  }

  private termsOf(text: string): number[] {
    let ids = this.tokenCache.get(text);
    if (ids) return ids;
    ids = tokenise(text).map((t) => {
      let id = this.termIds.get(t);
      if (id === undefined) {
        id = this.terms.push(t) - 1;
        this.termIds.set(t, id);
        this.postDocs.push(new Int32Array(4));
        this.postAttr.push(new Uint8Array(4));
        this.postLen.push(0);
        this.dense.push(null);
        this.termStamp.push(-1);
        this.sortedDirty = true;
      }
      return id;
    });
    if (this.tokenCache.size >= TOKEN_CACHE_LIMIT) this.tokenCache.clear();
    this.tokenCache.set(text, ids);
    return ids;
  }

  /** Term ids of one attribute value (strings, numbers, arrays of them). */
  private termsOfValue(v: unknown): number[] {
    if (typeof v === "string") return this.termsOf(v);
    const strings = searchableStrings(v);
    return strings.length === 1 ? this.termsOf(strings[0]) : strings.flatMap((s) => this.termsOf(s));
  }

  /** Calls `fn(term, attribute)` once per distinct term of a doc, with the earliest attribute holding it. */
  private eachTerm(valueOf: (attr: number) => unknown, fn: (term: number, attr: number) => void) {
    const stamp = ++this.docStamp;
    for (let a = 0; a < this.attributes.length; a++) {
      for (const t of this.termsOfValue(valueOf(a))) {
        if (this.termStamp[t] === stamp) continue;
        this.termStamp[t] = stamp;
        fn(t, a);
      }
    }
  }

  // Full build: the (term, attribute) pairs of all docs go to one flat buffer first (collect, per
  // chunk of docs); counting them per term lets every posting list be allocated once (finishBuild).
  // Each pair is one number, term * 256 + attribute (attributes fit a byte, as in postAttr).
  private pairs = new Uint32Array(0);
  private pairCount = 0;
  private starts = new Int32Array(1);

  /** Full build, step 0: room for n docs' (term, attribute) pairs (about a dozen a doc). */
  startBuild(n: number) {
    this.pairs = sharedAlloc(Uint32Array, Math.max(4096, n * 12));
    this.pairCount = 0;
    this.starts = sharedAlloc(Int32Array, n + 1);
  }

  /**
   * Full build, step 1, for docs offset..offset+len-1: columns[a][i] is searchable attribute a of
   * doc offset+i. When the attribute is also a facet, `facets[a]` gives each doc's facet value id
   * (already interned): a string value's terms are then looked up by id, not by hashing the string.
   */
  collect(columns: unknown[][], offset: number, len: number, facets: (FacetCodes | null)[]) {
    if (this.starts.length < offset + len + 1) {
      const starts = sharedAlloc(Int32Array, Math.max(offset + len + 1, this.starts.length * 2));
      starts.set(this.starts);
      this.starts = starts;
    }
    const termStamp = this.termStamp;
    let pairs = this.pairs;
    let k = this.pairCount;
    for (let i = 0; i < len; i++) {
      const stamp = ++this.docStamp;
      for (let a = 0; a < columns.length; a++) {
        const v = columns[a][i];
        if (v === null || v === undefined) continue;
        let terms: number[] | undefined;
        const f = facets[a];
        if (f && typeof v === "string") {
          const id = f.col[offset + i] - FACET_ID_OFFSET;
          if (id >= 0) terms = f.terms[id] ??= this.termsOf(v);
        }
        terms ??= (typeof v === "string" && this.tokenCache.get(v)) || this.termsOfValue(v);
        for (let j = 0; j < terms.length; j++) {
          const t = terms[j];
          if (termStamp[t] === stamp) continue;
          termStamp[t] = stamp;
          if (k + 1 > pairs.length) {
            const bigger = sharedAlloc(Uint32Array, Math.max(4096, pairs.length * 2));
            bigger.set(pairs);
            pairs = bigger;
          }
          if (t >= MAX_TERMS) throw new Error(`The text index holds more than ${MAX_TERMS} distinct terms`);
          pairs[k++] = t * 256 + a;
        }
      }
      this.starts[offset + i + 1] = k;
    }
    this.pairs = pairs;
    this.pairCount = k;
  }

  private counts = new Int32Array(0);

  /** Full build, step 2a: the bytes of the posting lists finishBuild allocates (for an arena). */
  finishBytes(): number {
    const { pairs } = this;
    const counts = (this.counts = new Int32Array(this.terms.length));
    for (let i = 0; i < this.pairCount; i++) counts[pairs[i] >>> 8]++;
    let bytes = 0;
    for (let t = 0; t < counts.length; t++) bytes += Arena.bytes(Int32Array, Math.max(4, counts[t])) + Arena.bytes(Uint8Array, Math.max(4, counts[t]));
    return bytes;
  }

  /** Full build, step 2b: posting lists for docs 0..n-1, each allocated once at its final size. */
  finishBuild(n: number, alloc: Alloc = ownAlloc) {
    const { pairs, starts } = this;
    if (this.counts.length !== this.terms.length) this.finishBytes();
    const counts = this.counts;
    for (let t = 0; t < this.terms.length; t++) {
      this.postDocs[t] = alloc(Int32Array, Math.max(4, counts[t]));
      this.postAttr[t] = alloc(Uint8Array, Math.max(4, counts[t]));
    }
    for (let d = 0; d < n; d++) {
      for (let i = starts[d]; i < starts[d + 1]; i++) {
        const t = pairs[i] >>> 8;
        const j = this.postLen[t]++;
        this.postDocs[t][j] = d;
        this.postAttr[t][j] = pairs[i] & 255;
      }
    }
    this.pairs = new Uint32Array(0);
    this.pairCount = 0;
    this.starts = new Int32Array(1);
    this.counts = new Int32Array(0);
    for (let t = 0; t < this.terms.length; t++) if (this.isFrequent(t)) this.makeDense(t);
  }

  add(doc: number, record: SearchableRecord) {
    this.eachTerm((a) => record[this.attributes[a]], (t, a) => {
      const k = this.postLen[t]++;
      if (k === this.postDocs[t].length) {
        const docs = new Int32Array(k * 2);
        docs.set(this.postDocs[t]);
        this.postDocs[t] = docs;
        const attrs = new Uint8Array(k * 2);
        attrs.set(this.postAttr[t]);
        this.postAttr[t] = attrs;
      }
      this.postDocs[t][k] = doc;
      this.postAttr[t][k] = a;
      const parts = this.dense[t];
      if (parts) {
        let p = parts.find((x) => x.attr === a);
        if (!p) parts.push((p = { attr: a, bits: new Uint32Array(this.capDocs >>> 5) }));
        set(p.bits, doc);
      } else if (this.isFrequent(t)) this.makeDense(t);
    });
  }

  /**
   * Removes docs (given with the records they were indexed from; `marked` has their bits set):
   * each affected posting list is filtered once for the whole batch — a feed import replacing a
   * dealer's stock touches "toyota" hundreds of times but walks its list once.
   */
  removeMany(docs: [number, SearchableRecord][], marked: Bits) {
    const terms = new Set<number>();
    for (const [, record] of docs) this.eachTerm((a) => record[this.attributes[a]], (t) => terms.add(t));
    for (const t of terms) {
      const ds = this.postDocs[t];
      const as = this.postAttr[t];
      const parts = this.dense[t];
      let k = 0;
      for (let j = 0; j < this.postLen[t]; j++) {
        const d = ds[j];
        if (has(marked, d)) {
          const p = parts?.find((x) => x.attr === as[j]);
          if (p) clear(p.bits, d);
          continue;
        }
        ds[k] = d;
        as[k++] = as[j];
      }
      this.postLen[t] = k;
    }
  }

  private ensureSorted() {
    if (!this.sortedDirty) return;
    this.sortedIds = this.terms.map((_, i) => i).sort((a, b) => (this.terms[a] < this.terms[b] ? -1 : 1));
    this.sortedTerms = this.sortedIds.map((i) => this.terms[i]);
    this.sortedDirty = false;
  }

  private lowerBound(s: string): number {
    let lo = 0;
    let hi = this.sortedTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sortedTerms[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Terms a word can match, with their match codes. Every match (exact, prefix, typo) shares the
   * word's first letter, so candidates come from that letter's range of the dictionary — or, when
   * the word allows no typos, from its narrower prefix range.
   */
  private candidates(w: QueryWord): { terms: number[]; codes: number[]; postings: number } {
    const out = { terms: [] as number[], codes: [] as number[], postings: 0 };
    let lo: number;
    let hi: number;
    if (w.maxTypos > 0) {
      lo = this.lowerBound(w.text[0]);
      hi = this.lowerBound(String.fromCharCode(w.text.charCodeAt(0) + 1));
    } else {
      lo = this.lowerBound(w.text);
      hi = w.prefix ? this.lowerBound(w.text + "\uffff") : lo + 1;
    }
    for (let i = lo; i < hi && i < this.sortedTerms.length; i++) {
      const t = this.sortedIds[i];
      if (!this.postLen[t]) continue;
      const code = matchToken(w, this.sortedTerms[i]);
      if (code < 0) continue;
      out.terms.push(t);
      out.codes.push(code);
      out.postings += this.postLen[t];
    }
    // Synonyms match exactly, wherever they are in the dictionary (outside the word's range, or within it).
    for (const s of w.synonyms) {
      const t = this.termIds.get(s);
      if (t === undefined || !this.postLen[t] || out.terms.includes(t)) continue;
      out.terms.push(t);
      out.codes.push(EXACT);
      out.postings += this.postLen[t];
    }
    return out;
  }

  /**
   * Docs within `within` that match every word. Per doc: typos summed over words (each word's best
   * match), the earliest attribute any word matched in, and how many words matched exactly; folded
   * into one relevance key. Words run rarest first; each later word only visits the docs that
   * survived the earlier ones — through a frequent term's bitsets when that is cheaper than its
   * posting list. A single word naming a single frequent term needs no per-doc work at all: its
   * bitsets (one per earliest attribute) are the relevance classes. `alloc` gives zeroed bitsets.
   */
  match(words: QueryWord[], within: Bits, alloc: () => Bits, rel: Int32Array): TextMatch {
    this.ensureSorted();
    if (this.stamp > 2 ** 30) {
      this.seen.fill(0);
      this.stamp = 0;
    }
    const W = words.length;
    const A = this.attributes.length;
    const cands = words.map((w) => this.candidates(w)).sort((a, b) => a.postings - b.postings);
    const only = cands[0].terms.length === 1 ? this.dense[cands[0].terms[0]] : null;
    if (W === 1 && only) return this.matchClasses(only, cands[0].codes[0], within, alloc);

    const { seen, typos, exact, attr, wordTypos, wordExact } = this;
    let [cur, next] = this.lists;
    let count = 0;
    let prev = -1;
    for (let step = 0; step < cands.length; step++) {
      const st = ++this.stamp;
      const { terms, codes } = cands[step];
      const parts = terms.length === 1 ? this.dense[terms[0]] : null;
      let found = 0;
      if (parts && step === 0) {
        // A frequent first word: its docs come from ANDing its bitsets with `within`, word by word.
        const k = typosOf(codes[0]);
        const ex = codes[0] === EXACT ? 1 : 0;
        for (const p of parts) {
          for (let w = 0; w < within.length; w++) {
            let x = p.bits[w] & within[w];
            while (x) {
              const low = x & -x;
              const d = (w << 5) | (31 - Math.clz32(low));
              x ^= low;
              seen[d] = st;
              next[found++] = d;
              wordTypos[d] = k;
              wordExact[d] = ex;
              attr[d] = p.attr;
              typos[d] = 0;
              exact[d] = 0;
            }
          }
        }
      } else if (parts && count * parts.length < this.postLen[terms[0]]) {
        const k = typosOf(codes[0]);
        const ex = codes[0] === EXACT ? 1 : 0;
        for (let i = 0; i < count; i++) {
          const d = cur[i];
          for (const p of parts) {
            if (!((p.bits[d >>> 5] >>> (d & 31)) & 1)) continue;
            seen[d] = st;
            next[found++] = d;
            wordTypos[d] = k;
            wordExact[d] = ex;
            if (p.attr < attr[d]) attr[d] = p.attr;
            break; // a term's bitsets are disjoint
          }
        }
      } else {
        for (let c = 0; c < terms.length; c++) {
          const t = terms[c];
          const k = typosOf(codes[c]);
          const ex = codes[c] === EXACT ? 1 : 0;
          const docs = this.postDocs[t];
          const attrs = this.postAttr[t];
          for (let j = 0, len = this.postLen[t]; j < len; j++) {
            const d = docs[j];
            if (seen[d] === st) {
              if (k < wordTypos[d]) wordTypos[d] = k;
              wordExact[d] |= ex;
              if (attrs[j] < attr[d]) attr[d] = attrs[j];
              continue;
            }
            if (step === 0 ? !((within[d >>> 5] >>> (d & 31)) & 1) : seen[d] !== prev) continue;
            seen[d] = st;
            next[found++] = d;
            wordTypos[d] = k;
            wordExact[d] = ex;
            if (step === 0) {
              attr[d] = attrs[j];
              typos[d] = 0;
              exact[d] = 0;
            } else if (attrs[j] < attr[d]) attr[d] = attrs[j];
          }
        }
      }
      for (let i = 0; i < found; i++) {
        const d = next[i];
        typos[d] += wordTypos[d];
        exact[d] += wordExact[d];
      }
      [cur, next] = [next, cur];
      count = found;
      prev = st;
      if (!found) break;
    }
    const bits = alloc();
    let maxRel = 0;
    for (let i = 0; i < count; i++) {
      const d = cur[i];
      const r = (rel[d] = relevanceKey(typos[d], attr[d], exact[d], W, A));
      if (r > maxRel) maxRel = r;
      bits[d >>> 5] |= 1 << (d & 31);
    }
    return {
      bits,
      maxRel,
      relOf: (d) => rel[d],
      relCounts: (_sub, list) => {
        const counts = new Int32Array(maxRel + 1);
        for (const d of list()) counts[rel[d]]++;
        return counts;
      },
    };
  }

  /** One word, one frequent term: each of the term's bitsets (within `within`) is one relevance class. */
  private matchClasses(parts: Partitions, code: number, within: Bits, alloc: () => Bits): TextMatch {
    const bits = alloc();
    const classes = parts
      .map((p) => ({ rel: relevanceKey(typosOf(code), p.attr, code === EXACT ? 1 : 0, 1, this.attributes.length), bits: and(alloc(), p.bits, within) }))
      .sort((a, b) => a.rel - b.rel);
    for (const c of classes) orInto(bits, c.bits);
    const maxRel = classes[classes.length - 1].rel;
    return {
      bits,
      maxRel,
      relOf: (d) => classes.find((c) => has(c.bits, d))?.rel ?? maxRel,
      relCounts: (sub) => {
        const counts = new Int32Array(maxRel + 1);
        for (const c of classes) counts[c.rel] = popcountAnd(c.bits, sub);
        return counts;
      },
    };
  }

  get vocabulary() {
    return this.terms.length;
  }
}
