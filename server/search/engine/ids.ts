/**
 * objectID → doc id. An open-addressing table of doc ids in an Int32Array, probed by the objectID's
 * hash: building it for 100k records costs a fraction of a JS Map's per-entry allocation and
 * rehashing, which was a fifth of the whole index build. Each slot holds the doc and its objectID's
 * hash side by side, so a probe passing other docs compares numbers in the slot's cache line rather
 * than reading those docs' objectID strings (a cache miss each, at a million docs).
 */
import { sharedAlloc } from "./arena";
import { idHash } from "./values";

const EMPTY = -1;

export class IdTable {
  /** slots[2i]: a doc (or EMPTY), slots[2i + 1]: its objectID's hash. */
  private slots = new Int32Array(32).fill(EMPTY);
  private mask = 15;
  size = 0;

  /** `ids[d]` is the objectID of doc d. */
  constructor(
    private readonly ids: readonly string[],
    expected = 0,
  ) {
    this.resize(expected);
  }

  /** The doc with this objectID (`hash`: its idHash, when already known). */
  get(id: string, hash = idHash(id)): number | undefined {
    const h = hash | 0;
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const d = this.slots[2 * i];
      if (d === EMPTY) return undefined;
      if (this.slots[2 * i + 1] === h && this.ids[d] === id) return d;
    }
  }

  /** Adds doc d (whose objectID is not in the table yet). */
  add(d: number, hash = idHash(this.ids[d])) {
    if ((this.size + 1) * 2 > this.mask + 1) this.resize(this.size + 1);
    this.place(d, hash | 0);
    this.size++;
  }

  private place(d: number, h: number) {
    let i = h & this.mask;
    while (this.slots[2 * i] !== EMPTY) i = (i + 1) & this.mask;
    this.slots[2 * i] = d;
    this.slots[2 * i + 1] = h;
  }

  /** Removes doc d, shifting later entries of its probe run back so lookups need no tombstones. */
  delete(d: number) {
    const s = this.slots;
    let i = idHash(this.ids[d]) & this.mask;
    while (s[2 * i] !== d) {
      if (s[2 * i] === EMPTY) return;
      i = (i + 1) & this.mask;
    }
    for (let j = (i + 1) & this.mask; s[2 * j] !== EMPTY; j = (j + 1) & this.mask) {
      const home = s[2 * j + 1] & this.mask;
      // Move slot j into the hole at i if its home position is not within (i, j].
      if (((j - home) & this.mask) >= ((j - i) & this.mask)) {
        s[2 * i] = s[2 * j];
        s[2 * i + 1] = s[2 * j + 1];
        i = j;
      }
    }
    s[2 * i] = EMPTY;
    this.size--;
  }

  private resize(count: number) {
    let cap = 16;
    while (cap < count * 2) cap *= 2;
    if (cap <= this.mask + 1 && this.size) return;
    const old = this.slots;
    this.slots = sharedAlloc(Int32Array, 2 * cap).fill(EMPTY);
    this.mask = cap - 1;
    for (let i = 0; i < old.length; i += 2) if (old[i] !== EMPTY) this.place(old[i], old[i + 1]);
  }
}
