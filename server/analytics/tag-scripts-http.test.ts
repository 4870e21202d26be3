import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerOf } from "../http/endpoint";
import { MemoryRateLimiter } from "../http/rate-limit";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { CACHE_MS, CLIENT_FETCH_LIMITS, clearTagScriptCache, handleTagScript, NOT_A_TAG_SCRIPT, TAG_SCRIPT_UNAVAILABLE, tagScriptTarget, upstreamUrl } from "./tag-scripts-http";
import { partytownFile } from "./partytown-http";

const SITE = { ga4: "G-CSMAZDA2026", pixel: "880012345678901" };
const GTAG = "https://www.googletagmanager.com/gtag/js?id=G-CSMAZDA2026&l=fcLayer";
const FBEVENTS = "https://connect.facebook.net/en_US/fbevents.js";
const CONFIG = "https://connect.facebook.net/signals/config/880012345678901?v=2.9.200&r=stable&domain=coralstone.example";

describe("which tag scripts a site serves from its own origin", () => {
  it("takes the site's own gtag.js, Meta's fbevents.js, its config and plugins", () => {
    expect(tagScriptTarget(GTAG, SITE).href).toBe(GTAG);
    expect(tagScriptTarget(FBEVENTS, SITE).href).toBe(FBEVENTS);
    expect(tagScriptTarget(CONFIG, SITE, "coralstone.example").href).toBe(CONFIG);
    expect(tagScriptTarget("https://connect.facebook.net/signals/plugins/identity.js?v=2.9.200", SITE).href).toBe("https://connect.facebook.net/signals/plugins/identity.js?v=2.9.200");
  });

  it("rebuilds each URL from what the script needs: other parameters dropped, the config's domain the site's own", () => {
    expect(tagScriptTarget(`${GTAG}&cache=1&x=<script>`, SITE).href).toBe(GTAG);
    expect(tagScriptTarget(`${FBEVENTS}?v=123&hme=abc`, SITE).href).toBe(FBEVENTS);
    expect(tagScriptTarget(`${CONFIG.replace("coralstone.example", "evil.example")}&hme=abc&ex_m=1`, SITE, "coralstone.example").href).toBe(CONFIG);
    // Ill-formed version or release values are left out, not passed on.
    expect(tagScriptTarget("https://connect.facebook.net/signals/plugins/identity.js?v=2.9.200%0d%0ax&r=Stable!", SITE).href).toBe("https://connect.facebook.net/signals/plugins/identity.js");
  });

  it.each([
    ["no url", null, SITE],
    ["not a URL", "gtag.js", SITE],
    ["another host", "https://evil.example/gtag/js?id=G-CSMAZDA2026", SITE],
    ["a look-alike host", "https://www.googletagmanager.com.evil.example/gtag/js?id=G-CSMAZDA2026", SITE],
    ["plain http", "http://www.googletagmanager.com/gtag/js?id=G-CSMAZDA2026", SITE],
    ["a port", "https://www.googletagmanager.com:8443/gtag/js?id=G-CSMAZDA2026", SITE],
    ["credentials", "https://u:p@connect.facebook.net/en_US/fbevents.js", SITE],
    ["another path", "https://www.googletagmanager.com/gtm.js?id=GTM-ABC", SITE],
    ["a path that climbs", "https://connect.facebook.net/signals/plugins/../../x.js", SITE],
    ["another site's GA4 id", "https://www.googletagmanager.com/gtag/js?id=G-OTHER", SITE],
    ["the GA4 id twice", `${GTAG}&id=G-OTHER`, SITE],
    ["a data layer name that is not a name", "https://www.googletagmanager.com/gtag/js?id=G-CSMAZDA2026&l=a.b", SITE],
    ["another pixel's config", "https://connect.facebook.net/signals/config/111?v=1", SITE],
    ["Google's script on a site without a GA4 id", GTAG, { pixel: SITE.pixel }],
    ["Meta's script on a site without a pixel", FBEVENTS, { ga4: SITE.ga4 }],
    ["a site without analytics", FBEVENTS, null],
    ["an overlong URL", `${GTAG}&x=${"a".repeat(3000)}`, SITE],
  ])("refuses %s", (_what, url, site) => {
    expect(() => tagScriptTarget(url, site)).toThrow(NOT_A_TAG_SCRIPT);
  });

  it("TAG_SCRIPT_ORIGIN replaces only the origin", () => {
    expect(upstreamUrl(new URL(GTAG), "http://127.0.0.1:4479")).toBe("http://127.0.0.1:4479/gtag/js?id=G-CSMAZDA2026&l=fcLayer");
    expect(upstreamUrl(new URL(GTAG), "")).toBe(GTAG);
  });
});

describe("GET /api/tags/script against a local upstream", () => {
  let upstream: Server;
  let origin = "";
  let asked: string[] = [];
  let answer: { status: number; body: string } = { status: 200, body: "/*gtag*/" };

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      asked.push(req.url ?? "");
      res.writeHead(answer.status, { "content-type": "application/javascript" }).end(answer.body);
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    clearTagScriptCache();
    asked = [];
    answer = { status: 200, body: "/*gtag*/" };
  });

  let limiter = new MemoryRateLimiter();
  beforeEach(() => {
    limiter = new MemoryRateLimiter();
  });
  const get = (url: string, now = Date.now(), opts: { maxFetchesPerMinute?: number; from?: string } = {}) =>
    answerOf(() =>
      handleTagScript(new Request(`http://coralstone-mazda.localhost/api/tags/script?url=${encodeURIComponent(url)}`, { headers: { [CLIENT_ADDRESS_HEADER]: opts.from ?? "203.0.113.7" } }), SITE, {
        origin,
        now,
        limiter,
        maxFetchesPerMinute: opts.maxFetchesPerMinute,
      }),
    );

  it("answers the script as JavaScript, fetched once for many visitors until it is CACHE_MS old", async () => {
    const now = Date.now();
    const answers = await Promise.all([get(GTAG, now), get(GTAG, now), get(GTAG, now)]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("public, max-age=600");
      expect(await res.text()).toBe("/*gtag*/");
    }
    expect(asked).toEqual(["/gtag/js?id=G-CSMAZDA2026&l=fcLayer"]);
    answer.body = "/*gtag v2*/";
    expect(await (await get(GTAG, now + CACHE_MS - 1)).text()).toBe("/*gtag*/");
    expect(await (await get(GTAG, now + CACHE_MS + 1)).text()).toBe("/*gtag v2*/");
    expect(asked).toHaveLength(2);
  });

  it("a refused URL is a 400 with the message and asks nobody", async () => {
    const res = await get("https://evil.example/x.js");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: NOT_A_TAG_SCRIPT });
    expect(asked).toEqual([]);
  });

  it("an upstream failure is a 502 without a body (the message in a header), not kept: the next visitor's request asks again", async () => {
    answer = { status: 404, body: "nope" };
    const res = await get(FBEVENTS);
    expect(res.status).toBe(502);
    expect(res.headers.get("x-forecourt-error")).toBe(TAG_SCRIPT_UNAVAILABLE);
    expect(await res.text()).toBe("");
    answer = { status: 200, body: "/*fbevents*/" };
    expect(await (await get(FBEVENTS)).text()).toBe("/*fbevents*/");
    expect(asked).toEqual(["/en_US/fbevents.js", "/en_US/fbevents.js"]);
  });

  it("a varied query string is the same script: fetched once", async () => {
    for (let x = 1; x <= 5; x++) expect((await get(`${GTAG}&x=${x}`)).status).toBe(200);
    expect(asked).toEqual(["/gtag/js?id=G-CSMAZDA2026&l=fcLayer"]);
  });

  it("a process asks Google and Meta at most so often (from many clients): a 503 beyond, kept scripts still answer", async () => {
    const now = Date.now();
    const config = (v: number) => CONFIG.replace("v=2.9.200", `v=2.9.${v}`);
    for (let v = 1; v <= 3; v++) expect((await get(config(v), now, { maxFetchesPerMinute: 3, from: `198.51.${v}.1` })).status).toBe(200);
    const refused = await get(config(4), now, { maxFetchesPerMinute: 3, from: "198.51.4.1" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("x-forecourt-error")).toBe(TAG_SCRIPT_UNAVAILABLE);
    expect(await refused.text()).toBe("");
    expect((await get(config(1), now, { maxFetchesPerMinute: 3 })).status).toBe(200);
    expect(asked).toHaveLength(3);
    // The next minute, fetches are allowed again.
    expect((await get(config(4), now + 60_000, { maxFetchesPerMinute: 3, from: "198.51.4.1" })).status).toBe(200);
  });

  it("one client may make this server fetch only so often: past its limit it gets a 503, other clients do not", async () => {
    const config = (v: number) => CONFIG.replace("v=2.9.200", `v=2.9.${v}`);
    for (let v = 1; v <= CLIENT_FETCH_LIMITS.perClient.limit; v++) expect((await get(config(v))).status).toBe(200);
    expect((await get(config(99))).status).toBe(503);
    expect((await get(config(99), Date.now(), { from: "192.0.2.50" })).status).toBe(200);
    expect(asked).toHaveLength(CLIENT_FETCH_LIMITS.perClient.limit + 1);
  });

  it("a script past its time is still served when Google or Meta fail to answer", async () => {
    const now = Date.now();
    expect(await (await get(GTAG, now)).text()).toBe("/*gtag*/");
    answer = { status: 500, body: "down" };
    const late = await get(GTAG, now + CACHE_MS + 1);
    expect(late.status).toBe(200);
    expect(await late.text()).toBe("/*gtag*/");
    expect(asked).toHaveLength(2);
  });

  it("an upstream that cannot be reached is a 502", async () => {
    const res = await answerOf(() => handleTagScript(new Request(`http://x/api/tags/script?url=${encodeURIComponent(GTAG)}`), SITE, { origin: "http://127.0.0.1:9", limiter }));
    expect(res.status).toBe(502);
  });
});

describe("Partytown's files", () => {
  it("serves its loader and service worker from the installed package, and nothing else", async () => {
    const loader = await answerOf(() => partytownFile("partytown.js"));
    expect(loader.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await loader.text()).toMatch(/^\/\* Partytown [\d.]+ - MIT QwikDev \*\//);
    expect(await (await answerOf(() => partytownFile("partytown-sw.js"))).text()).toContain("onfetch");
    expect((await answerOf(() => partytownFile("partytown-media.js"))).status).toBe(200);
    for (const name of ["../package.json", "partytown-atomics.js", "debug", ""]) expect((await answerOf(() => partytownFile(name))).status).toBe(404);
  });
});
