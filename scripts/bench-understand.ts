/**
 * npm run bench:understand [-- --repeat 20 --verbose]
 *
 * Reads every request of domain/understand/bench-requests.json against its demo site's facet values
 * (the site's demo stock as seeded: server/demo, the records the engine indexes) and prints how many
 * came out fully right (filters, ranges, query words, place), precision and recall per filter, and
 * the parse time (p50/p95/p99, each request parsed `repeat` times) against issue 34's targets: ≥ 95 %
 * fully right, p95 ≤ 1 ms. Exits non-zero only when the data file cannot be read, not when a target
 * is missed. Times are wall-clock: the load average is printed beside them.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { TenantDocument } from "../schemas/generated/tenant";
import { generateDemoInventory } from "../server/demo/inventory";
import { toSearchRecord } from "../server/inventory/records";
import { UNDERSTAND_FACETS, understand, type Facets, type Understood } from "../domain/understand/understand";
import { consoleIo, runIfMain, type CliIo } from "./cli";

export interface BenchRequest {
  site: string;
  text: string;
  refinementList?: Record<string, string[]>;
  range?: Record<string, string>;
  query?: string;
  near?: { place: string; radiusKm?: number };
}

/** The demo stock's clock: facet values (model years) as the seed makes them on this day. */
const NOW = new Date("2026-11-29T00:00:00Z");

/** A demo site's facet values, as its search response gives them (cars shown on the site, sold ones included). */
export function demoFacets(slug: string): { facets: Facets; joinNewAndDemo: boolean } {
  const tenant = JSON.parse(readFileSync(join("tenants", `${slug}.json`), "utf8")) as TenantDocument;
  const records = generateDemoInventory(tenant, { now: NOW })
    .filter((v) => v.show_on_dealer_website)
    .map((v) => toSearchRecord(v, { dealership: tenant.dealerships.find((d) => d.id === v.dealership_id)!, tenant }));
  const facets: Facets = {};
  for (const attribute of UNDERSTAND_FACETS) {
    const counts: Record<string, number> = {};
    for (const r of records) {
      const value = (r as unknown as Record<string, unknown>)[attribute];
      if (value !== null && value !== undefined) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
    }
    facets[attribute] = counts;
  }
  return { facets, joinNewAndDemo: tenant.search?.joinNewAndDemo ?? false };
}

const words = (s: string | undefined) => (s ?? "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

/** Each filter of a result as "attribute=value" items (a range as one item), for precision and recall. */
function items(r: { refinementList?: Record<string, string[]>; range?: Record<string, string>; query?: string; near?: { place: string; radiusKm?: number } }): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (attribute: string, value: string) => out.set(attribute, (out.get(attribute) ?? new Set()).add(value));
  for (const [a, values] of Object.entries(r.refinementList ?? {})) for (const v of values) add(a, v);
  for (const [a, v] of Object.entries(r.range ?? {})) add(`range:${a}`, v);
  if (words(r.query)) add("query", words(r.query));
  if (r.near) add("near", `${words(r.near.place)}${r.near.radiusKm ? `@${r.near.radiusKm}` : ""}`);
  return out;
}

const same = (a: Map<string, Set<string>>, b: Map<string, Set<string>>) =>
  a.size === b.size && [...a].every(([k, set]) => b.get(k)?.size === set.size && [...set].every((v) => b.get(k)!.has(v)));

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function main(argv: string[], io: CliIo = consoleIo): Promise<number> {
  const arg = (name: string, def: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : def;
  };
  const repeat = Math.max(1, Number(arg("repeat", "20")));
  const verbose = argv.includes("--verbose");
  const requests = JSON.parse(readFileSync(join("domain", "understand", "bench-requests.json"), "utf8")) as BenchRequest[];
  const sites = new Map<string, ReturnType<typeof demoFacets>>();
  for (const r of requests) if (!sites.has(r.site)) sites.set(r.site, demoFacets(r.site));

  io.out(`bench:understand — ${requests.length} requests on ${sites.size} demo sites, each parsed ${repeat} times; load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  // Warm up: the first read of a site builds its vocabulary (cached per facets).
  for (const r of requests) understand(r.text, sites.get(r.site)!.facets, { now: NOW, joinNewAndDemo: sites.get(r.site)!.joinNewAndDemo });

  const times: number[] = [];
  // Each request's median: what parsing it costs, without the moments the process was not running.
  const medians: number[] = [];
  const perFilter = new Map<string, { tp: number; fp: number; fn: number }>();
  const wrong: string[] = [];
  let right = 0;
  for (const r of requests) {
    const site = sites.get(r.site)!;
    let got: Understood | undefined;
    const own: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const start = process.hrtime.bigint();
      got = understand(r.text, site.facets, { now: NOW, joinNewAndDemo: site.joinNewAndDemo });
      own.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.push(...own);
    medians.push(own.sort((a, b) => a - b)[own.length >> 1]);
    const want = items(r);
    const have = items(got!);
    if (same(want, have)) right++;
    else wrong.push(`  ${r.site}: "${r.text}"\n    want ${JSON.stringify(Object.fromEntries([...want].map(([k, v]) => [k, [...v]])))}\n    got  ${JSON.stringify(Object.fromEntries([...have].map(([k, v]) => [k, [...v]])))}`);
    for (const key of new Set([...want.keys(), ...have.keys()])) {
      const stat = perFilter.get(key.replace(/^range:/, "")) ?? { tp: 0, fp: 0, fn: 0 };
      const w = want.get(key) ?? new Set<string>();
      const h = have.get(key) ?? new Set<string>();
      for (const v of h) {
        if (w.has(v)) stat.tp++;
        else stat.fp++;
      }
      for (const v of w) if (!h.has(v)) stat.fn++;
      perFilter.set(key.replace(/^range:/, ""), stat);
    }
  }
  times.sort((a, b) => a - b);
  medians.sort((a, b) => a - b);
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "–");
  const share = right / requests.length;
  io.out(`fully right: ${right} / ${requests.length} = ${pct(right, requests.length)} (target ≥ 95 %) ${share >= 0.95 ? "✓" : "✗"}`);
  const p95 = quantile(times, 0.95);
  io.out(`parse time per request (its median of ${repeat}): p50 ${quantile(medians, 0.5).toFixed(3)} ms, p95 ${quantile(medians, 0.95).toFixed(3)} ms, max ${medians.at(-1)!.toFixed(3)} ms`);
  io.out(`parse time, every call: p50 ${quantile(times, 0.5).toFixed(3)} ms, p95 ${p95.toFixed(3)} ms, p99 ${quantile(times, 0.99).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms (target p95 ≤ 1 ms) ${p95 <= 1 ? "✓" : "✗"}`);
  io.out("per filter:        precision   recall   (items wanted)");
  for (const [key, s] of [...perFilter].sort((a, b) => a[0].localeCompare(b[0]))) {
    io.out(`  ${key.padEnd(16)} ${pct(s.tp, s.tp + s.fp).padStart(9)} ${pct(s.tp, s.tp + s.fn).padStart(8)}   (${s.tp + s.fn})`);
  }
  if (wrong.length) io.out(`not fully right (${wrong.length}):${verbose ? `\n${wrong.join("\n")}` : " --verbose lists them"}`);
  io.out(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  return 0;
}

runIfMain(import.meta.url, main);
