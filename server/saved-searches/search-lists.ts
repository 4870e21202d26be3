/**
 * The matcher's lists of searches (matcher.ts), laid out for its inner loop: a search's bounds on
 * the numbers most searches bound (price, km, year) sit side by side in one Float64Array, so a car
 * is tested against a list by reading that array in order; only a search that asks for more (a
 * facet other than the one it is filed under, another range, words) is then asked through its
 * `rest` test. A search with a price range is filed in each band of 10,000 it covers, so a car meets
 * only those of its own band (and those with no price range).
 */

/** The numeric attributes held inline, in this order (a car's values likewise). */
export const BOUNDED = ["price", "km", "year"] as const;
const W = BOUNDED.length * 2;

export interface Listed<Car> {
  id: string;
  /** lo, hi per BOUNDED attribute; -Infinity, Infinity where the search has no range on it (then any value, a missing one too, passes). */
  bounds: number[];
  /** The search's other tests; null when it has none. */
  rest: ((car: Car) => boolean) | null;
}

/** Searches in parallel arrays (the inner loop's iteration), with their places for removal (swapped with the last). */
class List<Car> {
  private readonly ids: string[] = [];
  private readonly rests: (((car: Car) => boolean) | null)[] = [];
  private bounds = new Float64Array(8 * W);
  private readonly at = new Map<string, number>();

  set(s: Listed<Car>): void {
    let i = this.at.get(s.id);
    if (i === undefined) {
      i = this.ids.push(s.id) - 1;
      this.rests.push(s.rest);
      this.at.set(s.id, i);
      if ((i + 1) * W > this.bounds.length) {
        const grown = new Float64Array(this.bounds.length * 2);
        grown.set(this.bounds);
        this.bounds = grown;
      }
    } else this.rests[i] = s.rest;
    this.bounds.set(s.bounds, i * W);
  }

  delete(id: string): void {
    const i = this.at.get(id);
    if (i === undefined) return;
    const last = this.ids.length - 1;
    this.at.delete(id);
    if (i !== last) {
      this.ids[i] = this.ids[last];
      this.rests[i] = this.rests[last];
      this.bounds.copyWithin(i * W, last * W, last * W + W);
      this.at.set(this.ids[i], i);
    }
    this.ids.pop();
    this.rests.pop();
  }

  /** Adds to `out` the searches here that the car passes (`x`: its BOUNDED values). */
  scan(x: Float64Array, car: Car, out: string[]): void {
    const b = this.bounds;
    const n = this.ids.length;
    next: for (let i = 0, o = 0; i < n; i++, o += W) {
      for (let k = 0; k < W; k += 2) {
        const lo = b[o + k];
        const hi = b[o + k + 1];
        if (lo === -Infinity && hi === Infinity) continue;
        const v = x[k >> 1];
        if (!(v >= lo && v <= hi)) continue next;
      }
      const rest = this.rests[i];
      if (rest === null || rest(car)) out.push(this.ids[i]);
    }
  }
}

const BAND = 10_000;
const BANDS = 20;
/** A price's band; -1 for a price that is not a number (it meets no price range). */
export const bandOf = (price: number) => (price === price ? Math.min(BANDS - 1, Math.max(0, Math.floor(price / BAND))) : -1);

/** The searches filed under one key: those with no price range, and those with one by the bands it covers. */
export class Bucket<Car> {
  private readonly unpriced = new List<Car>();
  private readonly bands: (List<Car> | undefined)[] = [];

  private bandsOf(s: Listed<Car>): number[] | null {
    const [lo, hi] = s.bounds;
    if (lo === -Infinity && hi === Infinity) return null;
    const from = bandOf(Math.max(0, lo));
    const to = bandOf(Math.min(Number.MAX_SAFE_INTEGER, hi));
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }

  set(s: Listed<Car>): void {
    const bands = this.bandsOf(s);
    if (!bands) return this.unpriced.set(s);
    for (const b of bands) (this.bands[b] ??= new List()).set(s);
  }

  delete(s: Listed<Car>): void {
    const bands = this.bandsOf(s);
    if (!bands) return this.unpriced.delete(s.id);
    for (const b of bands) this.bands[b]?.delete(s.id);
  }

  /** Adds to `out` the searches here that a car in price band `band` passes. */
  collect(x: Float64Array, band: number, car: Car, out: string[]): void {
    this.unpriced.scan(x, car, out);
    const banded = band < 0 ? undefined : this.bands[band];
    if (banded) banded.scan(x, car, out);
  }
}
