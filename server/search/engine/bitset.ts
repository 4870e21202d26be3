/** Bitsets over dense doc ids: bit d of word d >>> 5. Sized by the index's capacity. */

export type Bits = Uint32Array;

export const wordsFor = (n: number) => (n + 31) >>> 5;

export const has = (b: Bits, d: number) => (b[d >>> 5] >>> (d & 31)) & 1;
export const set = (b: Bits, d: number) => void (b[d >>> 5] |= 1 << (d & 31));
export const clear = (b: Bits, d: number) => void (b[d >>> 5] &= ~(1 << (d & 31)));

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) | 0;
}

export function popcount(b: Bits): number {
  let c = 0;
  for (let i = 0; i < b.length; i++) if (b[i]) c += popcount32(b[i]);
  return c;
}

export function popcountAnd(a: Bits, b: Bits): number {
  let c = 0;
  for (let i = 0; i < a.length; i++) {
    const w = a[i] & b[i];
    if (w) c += popcount32(w);
  }
  return c;
}

/** out = a AND b; returns out. */
export function and(out: Bits, a: Bits, b: Bits): Bits {
  for (let i = 0; i < out.length; i++) out[i] = a[i] & b[i];
  return out;
}

/** out = a AND NOT b; returns out. */
export function andNot(out: Bits, a: Bits, b: Bits): Bits {
  for (let i = 0; i < out.length; i++) out[i] = a[i] & ~b[i];
  return out;
}

export function andInto(out: Bits, b: Bits): Bits {
  for (let i = 0; i < out.length; i++) out[i] &= b[i];
  return out;
}

export function orInto(out: Bits, b: Bits): Bits {
  for (let i = 0; i < out.length; i++) out[i] |= b[i];
  return out;
}

/** Writes the set bits' positions into `out` (ascending); returns how many. */
export function toList(b: Bits, out: Int32Array): number {
  let k = 0;
  for (let i = 0; i < b.length; i++) {
    let w = b[i];
    while (w) {
      const t = w & -w;
      out[k++] = (i << 5) | (31 - Math.clz32(t));
      w ^= t;
    }
  }
  return k;
}

export function grow(b: Bits, words: number): Bits {
  const out = new Uint32Array(words);
  out.set(b);
  return out;
}
