/**
 * npm run bench:lighthouse [-- --base http://localhost:3000] [--runs 3] [--port 3500] [--site harbourline] [--page home|search|vdp|location|trade-in] [--cpu 4]
 *
 * Lighthouse (mobile, its default config and simulated throttling) on the home page, the search page,
 * one vehicle page, a location page and the trade-in page of every demo tenant (tenants/*.json), against the DESIGN.md budgets:
 * performance ≥ 95, accessibility 100, SEO ≥ 95, cumulative layout shift ≤ 0.02, and issue 18's largest contentful
 * paint ≤ 1.5 s and total blocking time ≤ 100 ms. Each page is run
 * `--runs` times (at least 2) and every figure is the median of its runs. The JavaScript a page loads
 * (transferred KB) and Lighthouse's estimate of the unused part are printed beside them.
 *
 * With `--base` it measures a server that is already running: `http://localhost:3000` means the sites
 * at `http://{slug}.localhost:3000`; a base with `{slug}` in it is used as written. Without it, it
 * starts the production build like bench:pages does (npm start, fresh database in .data-bench-lighthouse).
 * Chromium is /usr/bin/chromium (or CHROMIUM_PATH), headless; nothing is downloaded.
 * The JSON reports land in test-results/lighthouse/. Below the table it lists, for each page that
 * misses a budget, the audits that failed. Exits non-zero only when something could not be measured.
 *
 * `--consent` measures with the visitor's consent to analytics and advertising already given (the
 * fc_consent cookie set on every site's host before the first run): a site with a GA4 or pixel id then
 * starts its tags (in Partytown's worker, renderer/tag-worker.ts), whose scripts come from
 * scripts/tag-stand-in.ts — `--tag-cost MS` of CPU time each (unthrottled; 0 by default), `--tag-kb
 * KB` of size and `--tag-dom-reads N` reads of the page (each a round trip to the main thread in the worker). Each page's line then says how many events the tags sent in its runs. The site's server
 * fetches the scripts from the stand-in: the server this starts is given TAG_SCRIPT_ORIGIN; a server
 * named with --base must have been started with TAG_SCRIPT_ORIGIN=http://127.0.0.1:4479.
 *
 * `--cpu` is the simulated phone's CPU slowdown (Lighthouse's mobile default, 4). Lighthouse scales
 * the CPU time it observes, so a slower machine reads as a slower phone: on a machine N times slower
 * than a fast one, `--cpu` 4/N estimates the fast machine's figures (the budgets are for 4).
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import type { Result } from "lighthouse";
import { chromium } from "@playwright/test";
import { STAND_IN_SCRIPT_PORT, startTagStandIn, type TagStandIn } from "./tag-stand-in";
import { siteAnalytics } from "../domain/analytics-standards";
import { GTAG_URL, TAG_PROXY_PATH, WORKER_LAYER } from "../renderer/tag-worker";
import { CONSENT_COOKIE, serializeConsent } from "../domain/consent";
import { benchArg, benchTenants, siteBase, startBenchServer } from "./bench-server";
import { tradeInPage } from "../domain/find-page";
import { shownLocations } from "../domain/locations";
import type { TenantDocument } from "../schemas/generated/tenant";

const arg = benchArg;
const PORT = Number(arg("port", "3500"));
const BASE = arg("base", "");
const RUNS = Math.max(2, Number(arg("runs", "3")));
const ONLY_SITE = arg("site", "");
const ONLY_PAGE = arg("page", "");
const CPU = Number(arg("cpu", "4"));
const CONSENT = process.argv.includes("--consent");
const TAG_COST_MS = Number(arg("tag-cost", "0"));
const TAG_KB = Number(arg("tag-kb", "0"));
const TAG_DOM_READS = Number(arg("tag-dom-reads", "0"));
const OUT = "test-results/lighthouse";
// DESIGN.md's budgets, and issue 18's: largest contentful paint ≤ 1.5 s, total blocking time ≤ 100 ms.
const BUDGET = { performance: 95, accessibility: 100, seo: 95, cls: 0.02, lcpMs: 1500, tbtMs: 100 };
const CHROME_FLAGS = [
  "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync",
];

/** A request to a site from Node: glibc does not resolve *.localhost, so those go to 127.0.0.1 with the Host header. */
function fetchText(url: URL, init: { method?: string; body?: string; accept?: string } = {}): Promise<{ status: number; body: string }> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: url.hostname.endsWith(".localhost") || url.hostname === "localhost" ? "127.0.0.1" : url.hostname,
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: init.method ?? "GET",
        headers: { host: url.host, ...(init.body ? { "content-type": "application/json" } : {}), ...(init.accept ? { accept: init.accept } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** One car of the site, from its own search endpoint (what the search page shows first). */
async function firstCarPath(site: URL): Promise<string> {
  const body = JSON.stringify({ requests: [{ indexName: "vehicles", params: "hitsPerPage=1" }] });
  const answer = await fetchText(new URL("/api/search/1/indexes/*/queries", site), { method: "POST", body });
  const path = (JSON.parse(answer.body) as { results?: { hits?: { path?: string }[] }[] }).results?.[0]?.hits?.[0]?.path;
  if (answer.status !== 200 || !path) throw new Error(`${site.host}: no car from the search endpoint (${answer.status} ${answer.body.slice(0, 200)})`);
  return path;
}

interface Figures {
  performance: number;
  accessibility: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  jsKb: number;
  unusedJsKb: number;
}

function figures(lhr: Result): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const items = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const scriptBytes = items.find((i) => i.resourceType === "script")?.transferSize ?? 0;
  const unused = (lhr.audits["unused-javascript"]?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    seo: score("seo"),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    jsKb: scriptBytes / 1024,
    unusedJsKb: unused / 1024,
  };
}

/** The audits behind a missed budget: every failed accessibility and SEO audit, and the performance metrics. */
function failures(lhr: Result): string[] {
  const out: string[] = [];
  for (const id of ["accessibility", "seo"]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) out.push(`${id}: ${ref.id} — ${audit.title}`);
    }
  }
  const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
  out.push(`performance: ${metrics.map((m) => `${m} ${lhr.audits[m]?.displayValue ?? "?"} (${Math.round((lhr.audits[m]?.score ?? 0) * 100)})`).join(", ")}`);
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight === 0 && audit.score !== null && audit.score < 0.9 && audit.details?.type === "opportunity") out.push(`performance: ${ref.id} — ${audit.title} ${audit.displayValue ?? ""}`);
  }
  return out;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const tenants = benchTenants(ONLY_SITE);

/**
 * The pages measured on a site: home, search, the first car of its search, its first shown location's
 * page, and its trade-in page where it has one (domain/find-page's tradeInPage).
 */
async function sitePages(tenant: TenantDocument, site: URL): Promise<[string, string][]> {
  const list: [string, string][] = [["home", "/"], ["search", "/search"], ["vdp", await firstCarPath(site)]];
  const location = shownLocations(tenant.locations)[0];
  if (location) list.push(["location", `/locations/${location.slug}`]);
  const tradeIn = tradeInPage(tenant);
  if (tradeIn?.path) list.push(["trade-in", tradeIn.path]);
  return list;
}

if (CONSENT && !BASE) process.env.TAG_SCRIPT_ORIGIN = `http://127.0.0.1:${STAND_IN_SCRIPT_PORT}`;
const server = BASE ? null : await startBenchServer(PORT, ".data-bench-lighthouse");
let chrome: chromeLauncher.LaunchedChrome | null = null;
let tags: TagStandIn | null = null;
try {
  const base = BASE || `http://localhost:${PORT}`;
  const pages: { site: string; page: string; url: URL }[] = [];
  for (const tenant of tenants) {
    const slug = tenant.identity.slug;
    const site = siteBase(base, slug);
    for (const [page, path] of await sitePages(tenant, site)) if (!ONLY_PAGE || page === ONLY_PAGE) pages.push({ site: slug, page, url: new URL(path, site) });
  }
  // The first render of each page and of its optimised pictures (both cached by the server) before
  // anything is measured, as on a site that has had visitors.
  for (const p of pages) {
    const answer = await fetchText(p.url);
    if (answer.status !== 200) throw new Error(`${p.url.href} answered ${answer.status}`);
    const images = new Set([...answer.body.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)].flatMap((m) => m[1].split(",").map((c) => c.trim().split(" ")[0].replaceAll("&amp;", "&"))).filter((u) => u.startsWith("/_next/image")));
    for (const src of images) await fetchText(new URL(src, p.url), { accept: "image/webp,image/*" });
  }

  mkdirSync(OUT, { recursive: true });
  tags = CONSENT ? await startTagStandIn({ costMs: TAG_COST_MS, kb: TAG_KB, domReads: TAG_DOM_READS }) : null;
  const tagged = tenants.find((t) => siteAnalytics(t)?.ga4);
  if (tags && tagged) {
    // The server must fetch the tags' scripts from the stand-in, or the tags would never load.
    const script = `${GTAG_URL}?id=${siteAnalytics(tagged)!.ga4}&l=${WORKER_LAYER}`;
    const answer = await fetchText(new URL(`${TAG_PROXY_PATH}?url=${encodeURIComponent(script)}`, siteBase(base, tagged.identity.slug)));
    if (answer.status !== 200) throw new Error(`the server does not get the tags' scripts from the stand-in (${answer.status}): start it with TAG_SCRIPT_ORIGIN=http://127.0.0.1:${STAND_IN_SCRIPT_PORT}`);
  }
  const hostRules = `--host-resolver-rules=${tags ? `${tags.hostRules}, ` : ""}MAP * 127.0.0.1`;
  const flags = [...CHROME_FLAGS, hostRules, ...(tags ? ["--ignore-certificate-errors"] : [])];
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", chromeFlags: flags, logLevel: "silent" });
  if (CONSENT) {
    // The choice a returning visitor made: in the browser's cookie jar, where the page's scripts read it (Lighthouse keeps cookies).
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const value = serializeConsent({ analytics: true, ads: true, at: Math.floor(Date.now() / 1000) });
    await cdp.contexts()[0].addCookies([...new Set(pages.map((p) => p.url.origin))].map((url) => ({ name: CONSENT_COOKIE, value, url })));
    await cdp.close();
  }
  const consentNote = tags ? `; consent given, tags stood in at ${TAG_COST_MS} ms, ${TAG_KB} KB and ${TAG_DOM_READS} page reads each` : "";
  console.log(`Lighthouse (mobile${CPU === 4 ? "" : `, CPU slowdown ${CPU} instead of 4`}${consentNote}), ${pages.length} pages, ${RUNS} runs each; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);

  const results: { site: string; page: string; url: string; f: Figures; failed: string[] }[] = [];
  const errors: string[] = [];
  for (const p of pages) {
    const runs: { f: Figures; lhr: Result }[] = [];
    tags?.take();
    try {
      for (let run = 1; run <= RUNS; run++) {
        const answer = await lighthouse(p.url.href, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "seo"] }, CPU === 4 ? undefined : { extends: "lighthouse:default", settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU } } });
        if (!answer) throw new Error("Lighthouse gave no result");
        const lhr = answer.lhr;
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        writeFileSync(join(OUT, `${p.site}-${p.page}-${run}.json`), answer.report as string);
        if (process.env.LH_TRACE) writeFileSync(join(OUT, `${p.site}-${p.page}-${run}.trace.json`), JSON.stringify((answer.artifacts as unknown as { Trace: unknown }).Trace));
        runs.push({ f: figures(lhr), lhr });
      }
    } catch (e) {
      // One page that cannot be measured (the server went away, Chrome gave up) does not lose the others.
      errors.push(`${p.url.href}: ${(e as Error).message}`);
      console.log(`  could not measure ${p.url.href}: ${(e as Error).message}`);
      continue;
    }
    const f = Object.fromEntries(
      (Object.keys(runs[0].f) as (keyof Figures)[]).map((k) => [k, median(runs.map((r) => r.f[k]))]),
    ) as unknown as Figures;
    // The failed audits of the run whose performance is nearest the median.
    const typical = [...runs].sort((a, b) => Math.abs(a.f.performance - f.performance) - Math.abs(b.f.performance - f.performance))[0];
    results.push({ site: p.site, page: p.page, url: p.url.href, f, failed: failures(typical.lhr) });
    const sent = tags?.take();
    const tagNote = sent ? `; tag events ${sent.length} (${[...new Set(sent)].join(", ") || "none"})` : "";
    console.log(`  measured ${p.url.href}: performance ${runs.map((r) => r.f.performance).join(", ")}${tagNote}`);
  }

  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const passes = (f: Figures) => ({
    performance: f.performance >= BUDGET.performance,
    accessibility: f.accessibility >= BUDGET.accessibility,
    seo: f.seo >= BUDGET.seo,
    cls: f.cls <= BUDGET.cls,
    lcp: f.lcpMs <= BUDGET.lcpMs,
    tbt: f.tbtMs <= BUDGET.tbtMs,
  });
  const head = ["site", "page", "perf", "a11y", "SEO", "CLS", "LCP ms", "TBT ms", "JS KB", "unused", `perf≥${BUDGET.performance}`, `a11y=${BUDGET.accessibility}`, `SEO≥${BUDGET.seo}`, `CLS≤${BUDGET.cls}`, `LCP≤${BUDGET.lcpMs}`, `TBT≤${BUDGET.tbtMs}`];
  const widths = [18, 8, 5, 5, 5, 6, 7, 7, 6, 7, 8, 9, 7, 9, 9, 8];
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" ");
  console.log(`\nmedian of ${RUNS} runs per page (JS KB: script bytes transferred; unused: Lighthouse's unused-JavaScript estimate)`);
  console.log(line(head));
  for (const r of results) {
    const ok = passes(r.f);
    console.log(
      line([
        r.site, r.page, r.f.performance.toFixed(0), r.f.accessibility.toFixed(0), r.f.seo.toFixed(0), r.f.cls.toFixed(3), r.f.lcpMs.toFixed(0), r.f.tbtMs.toFixed(0), r.f.jsKb.toFixed(0), r.f.unusedJsKb.toFixed(0),
        verdict(ok.performance), verdict(ok.accessibility), verdict(ok.seo), verdict(ok.cls), verdict(ok.lcp), verdict(ok.tbt),
      ]),
    );
  }
  const failing = results.filter((r) => Object.values(passes(r.f)).some((ok) => !ok));
  for (const r of failing) {
    console.log(`\n${r.site} ${r.page} (${r.url}):`);
    for (const f of r.failed) console.log(`  ${f}`);
  }
  const missed = (k: keyof ReturnType<typeof passes>) => results.filter((r) => !passes(r.f)[k]).length;
  for (const e of errors) console.log(`\nnot measured: ${e}`);
  if (errors.length) process.exitCode = 1;
  console.log(
    `\n${results.length - failing.length} of ${pages.length} pages meet every budget` +
      ` (missed: performance ${missed("performance")}, accessibility ${missed("accessibility")}, SEO ${missed("seo")}, CLS ${missed("cls")}, LCP ${missed("lcp")}, TBT ${missed("tbt")}${errors.length ? `; not measured: ${errors.length}` : ""});` +
      ` load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}; reports in ${OUT}/`,
  );
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  tags?.stop();
  server?.stop();
}
