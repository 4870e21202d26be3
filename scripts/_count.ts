import { readFileSync } from "node:fs";
import { generateDemoInventory } from "../server/demo/inventory";
import { toSearchRecord } from "../server/inventory/records";
const slug = process.argv[2];
const t = JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8"));
const recs = generateDemoInventory(t, { now: new Date() }).map((v) => toSearchRecord(v, { dealership: t.dealerships.find((d: any) => d.id === v.dealership_id), tenant: t })) as any[];
const f = new Function("r", `return ${process.argv[3]}`) as (r: any) => boolean;
const m = recs.filter((r) => r.status !== "sold" && f(r));
console.log(m.length, m.slice(0, 8).map((r) => `${r.title} ${r.price} ${r.km}km ${r.fuel} ${r.colour} ${r.body} ${r.car_type}`));
