import { expect, it } from "vitest";
import { IdTable } from "./ids";
import { rng } from "../../../tests/fixtures/synthetic-search";

it("maps objectIDs to doc ids like a Map through adds, deletes and growth", () => {
  const r = rng(1);
  const ids: string[] = [];
  const table = new IdTable(ids);
  const model = new Map<string, number>();
  const free: number[] = [];
  for (let step = 0; step < 20000; step++) {
    if (r() < 0.6 || model.size === 0) {
      const id = `id${Math.floor(r() * 5000)}`;
      if (model.has(id)) continue;
      const d = free.pop() ?? ids.length;
      ids[d] = id;
      table.add(d);
      model.set(id, d);
    } else {
      const [id, d] = [...model][Math.floor(r() * model.size)];
      table.delete(d);
      model.delete(id);
      free.push(d);
    }
    if (step % 997 === 0) for (let k = 0; k < 5000; k++) expect(table.get(`id${k}`)).toBe(model.get(`id${k}`));
  }
  expect(table.size).toBe(model.size);
  for (const [id, d] of model) expect(table.get(id)).toBe(d);
});
