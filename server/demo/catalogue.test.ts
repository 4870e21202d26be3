import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { slugify } from "../../domain/search-paths";
import { internalLinks } from "../../domain/site-links";
import { CATALOGUE } from "./catalogue";

// A /search/{make}/{model} link to a model the demo stock never has is a 404 on the demo site.
describe("demo documents' model search links", () => {
  const models = new Map<string, Set<string>>();
  for (const m of CATALOGUE) models.set(slugify(m.make), (models.get(slugify(m.make)) ?? new Set()).add(slugify(m.model)));
  const files = readdirSync("tenants").filter((f) => f.endsWith(".json"));
  it.each(files)("%s links only models the demo catalogue has", (file) => {
    const links = internalLinks(JSON.parse(readFileSync(`tenants/${file}`, "utf8")));
    const unknown = links.flatMap(({ path, where }) => {
      const [, search, make, model] = path.split("/");
      return search === "search" && model && models.has(make) && !models.get(make)!.has(model) ? [`${path} (${where})`] : [];
    });
    expect(unknown).toEqual([]);
  });
});
