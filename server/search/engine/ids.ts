/**
 * objectID → doc id. An open-addressing table of doc ids in an Int32Array, probed by the objectID's
 * hash: building it for 100k records costs a fraction of a JS Map's per-entry allocation and
 * rehashing, which was a fifth of the whole index build.
 */
import { sharedAlloc } from "./arena";
import { idHash } from "./values";

const EMPTY = -1;

export class IdTable {
  private slots = new Int32Array(16).fill(EMPTY);
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
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const d = this.slots[i];
      if (d === EMPTY) return undefined;
      if (this.ids[d] === id) return d;
    }
  }

  /** Adds doc d (whose objectID is not in the table yet). */
  add(d: number, hash = idHash(this.ids[d])) {
    if ((this.size + 1) * 2 > this.slots.length) this.resize(this.size + 1);
    let i = hash & this.mask;
    while (this.slots[i] !== EMPTY) i = (i + 1) & this.mask;
    this.slots[i] = d;
    this.size++;
  }

  /** Removes doc d, shifting later entries of its probe run back so lookups need no tombstones. */
  delete(d: number) {
    let i = idHash(this.ids[d]) & this.mask;
    while (this.slots[i] !== d) {
      if (this.slots[i] === EMPTY) return;
      i = (i + 1) & this.mask;
    }
    for (let j = (i + 1) & this.mask; this.slots[j] !== EMPTY; j = (j + 1) & this.mask) {
      const home = idHash(this.ids[this.slots[j]]) & this.mask;
      // Move slot j into the hole at i if its home position is not within (i, j].
      if (((j - home) & this.mask) >= ((j - i) & this.mask)) {
        this.slots[i] = this.slots[j];
        i = j;
      }
    }
    this.slots[i] = EMPTY;
    this.size--;
  }

  private resize(count: number) {
    let cap = 16;
    while (cap < count * 2) cap *= 2;
    if (cap <= this.slots.length && this.size) return;
    const old = this.slots;
    this.slots = sharedAlloc(Int32Array, cap).fill(EMPTY);
    this.mask = cap - 1;
    this.size = 0;
    for (const d of old) if (d !== EMPTY) this.add(d);
  }
}
