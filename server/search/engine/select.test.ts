import { describe, expect, it } from "vitest";
import { rng } from "../../../tests/fixtures/synthetic-search";
import { topHits } from "./select";

describe("topHits", () => {
  it("gives the positions [from, to) of a full sort, for every size of result and window", () => {
    const r = rng(8);
    for (let t = 0; t < 200; t++) {
      const n = 1 + Math.floor(r() * 3000);
      const docs = Int32Array.from({ length: n }, (_, i) => i * 3);
      // Few distinct keys (many ties), broken by the doc: a total order, as hitOrder's.
      const key = new Map([...docs].map((d) => [d, Math.floor(r() * 7)]));
      const order = (a: number, b: number) => key.get(a)! - key.get(b)! || b - a;
      const from = Math.floor(r() * Math.min(n, 200));
      const to = Math.min(n, from + 1 + Math.floor(r() * 300));
      const want = [...docs].sort(order).slice(from, to);
      expect(topHits(docs, order, from, to), `n ${n} [${from}, ${to})`).toEqual(want);
    }
  });
});
