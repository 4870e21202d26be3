/** The demo's seeded dice: the same seed gives the same draws on every run. */

export const hashString = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};

export class Dice {
  constructor(private readonly next: () => number) {}
  float = () => this.next();
  chance = (p: number) => this.next() < p;
  int = (lo: number, hi: number) => lo + Math.floor(this.next() * (hi - lo + 1));
  pick = <T>(items: readonly T[]): T => items[Math.floor(this.next() * items.length)];
  weighted = <T>(items: readonly [T, number][]): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1][0];
  };
}
