/**
 * Requests a fresh process answers in idle time after a full build (index.ts scheduleIdle), so that
 * V8 has compiled the query paths before the first visitor. Measured at 100k vehicles: after a full
 * build in a fresh process, pages ran at about twice their later time (p95 2.0–2.8 ms against
 * 1.0–1.2 ms for the same pages in a process whose JIT had answered others), because the engine's
 * functions were still interpreted or in baseline code; the base sets and counts cached per tenant
 * made little of the difference. The requests are shaped like a search page's (every facet,
 * refinements with their disjunctive queries, numeric ranges, text with typos and prefixes, the
 * replicas, deep pages, facet searches) under base filters like a tenant's (a few values of one
 * facet), with values taken from the records, so they take the paths real pages take on this data.
 * Their answers are dropped, and so are the caches they filled (the base sets: index.ts).
 */
import type { MultiQueryRequest, ResolvedSettings, SearchableRecord } from "./types";

/** At most this many requests, and this long (ms) in all: at 1M records a page takes 5–20 ms. */
export const WARM_REQUESTS = 240;
export const WARM_MS = 400;

export interface WarmPage {
  requests: MultiQueryRequest[];
  baseFilter: string | null;
}

const filterValue = (v: unknown): string | null => (typeof v === "string" ? JSON.stringify(v) : typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "boolean" ? String(v) : null);

/** Pages for the warm-up, from a fixed seed (the same on every run); `records` may have holes (removed docs). */
export function* warmPages(settings: ResolvedSettings, records: readonly (SearchableRecord | undefined)[], live: number): Generator<WarmPage> {
  if (!live) return;
  let seed = 0x9e3779b9;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)];
  const doc = (): SearchableRecord => {
    for (;;) {
      const r = records[Math.floor(rand() * records.length)];
      if (r) return r;
    }
  };
  const facets = [...settings.faceting, ...settings.numeric.filter((a) => !settings.facetSet.has(a))];
  const names = ["primary", ...settings.replicas.keys()];
  const term = (a: string, r: SearchableRecord) => (filterValue(r[a]) === null ? null : `${a}:${filterValue(r[a])}`);
  for (;;) {
    const r = doc();
    const indexName = rand() < 0.7 ? "primary" : pick(names);
    const params: Record<string, unknown> = { hitsPerPage: 21, page: rand() < 0.2 ? 1 + Math.floor(rand() * 4) : 0, facets, maxValuesPerFacet: 250, attributesToHighlight: [] };
    const roll = rand();
    if (roll < 0.6 && settings.searchable.length) {
      const words = String(r[pick(settings.searchable)] ?? "").split(/\s+/).filter(Boolean).slice(0, 1 + Math.floor(rand() * 2));
      const last = words.length - 1;
      if (last >= 0 && roll < 0.2 && words[last].length > 4) words[last] = words[last].slice(0, 2) + words[last].slice(3); // a typo
      else if (last >= 0 && roll < 0.3) words[last] = words[last].slice(0, 1 + Math.floor(rand() * words[last].length)); // a prefix
      params.query = words.join(" ");
    } else params.query = "";
    const refined = new Map<string, string>();
    for (let k = Math.floor(rand() * 3); k > 0 && settings.faceting.length; k--) {
      const a = pick(settings.faceting);
      const t = term(a, rand() < 0.5 ? r : doc());
      if (t) refined.set(a, t);
    }
    const ranged = new Map<string, string[]>();
    if (rand() < 0.4 && settings.numeric.length) {
      const a = pick(settings.numeric);
      const v = r[a];
      if (typeof v === "number" && Number.isFinite(v)) ranged.set(a, [`${a}>=${Math.floor(v / 2)}`, `${a}<=${v * 2 + 1000}`]);
    }
    const filters = (except?: string) => ({
      facetFilters: [...refined].filter(([a]) => a !== except).map(([, t]) => [t]),
      numericFilters: [...ranged].filter(([a]) => a !== except).flatMap(([, f]) => f),
    });
    const requests: MultiQueryRequest[] = [{ indexName, params: { ...params, ...filters() } }];
    for (const a of [...refined.keys(), ...ranged.keys()]) requests.push({ indexName, params: { ...params, ...filters(a), facets: [a], hitsPerPage: 0, page: 0 } });
    if (rand() < 0.05 && settings.faceting.length) requests.push({ indexName, type: "facet", params: { ...filters(), facetName: pick(settings.faceting), facetQuery: String(params.query).slice(0, 2) } });
    // A tenant's base filter: one to four values of one facet, or none.
    const a = pick(settings.faceting);
    const base = rand() < 0.8 && a ? Array.from({ length: 1 + Math.floor(rand() * 4) }, () => term(a, doc())).filter((t) => t !== null) : [];
    yield { requests, baseFilter: base.length ? base.join(" OR ") : null };
  }
}
