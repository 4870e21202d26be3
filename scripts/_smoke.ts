import { readFileSync } from "node:fs";
import { generateDemoInventory } from "../server/demo/inventory";
import { toSearchRecord } from "../server/inventory/records";
import { understand, UNDERSTAND_FACETS } from "../domain/understand/understand";
const slug = process.argv[2] ?? "bluegum";
const t = JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8"));
const recs = generateDemoInventory(t, { now: new Date() }).map((v) => toSearchRecord(v, { dealership: t.dealerships.find((d: any) => d.id === v.dealership_id), tenant: t })) as any[];
const facets: Record<string, Record<string, number>> = {};
for (const a of UNDERSTAND_FACETS) { facets[a] = {}; for (const r of recs) if (r[a] != null) facets[a][r[a]] = (facets[a][r[a]] ?? 0) + 1; }
for (const q of process.argv.slice(3)) { const u = understand(q, facets, { joinNewAndDemo: true }); console.log(JSON.stringify(q), "→", JSON.stringify({ l: u.refinementList, r: u.range, q: u.query, n: u.near }), u.chips.map((c) => c.label).join(" · ")); }
