import { describe, expect, it } from "vitest";
import { ga4SetUp, metaSetUp, resolveTagUrl, TAG_STATE_ATTR, WORKER_LAYER } from "./tag-worker";

const CONFIG = "https://connect.facebook.net/signals/config/880012345678901?v=2.9.200&r=stable&domain=coralstone.example";

describe("the tags' worker", () => {
  it("resolveTagUrl works from its source text alone, as Partytown's worker rebuilds it", () => {
    const rebuilt = new Function(`return ${resolveTagUrl.toString()}`)() as typeof resolveTagUrl;
    const location = new URL("https://coralstone.example/cars/abc") as unknown as Location;
    const proxied = rebuilt(new URL(CONFIG), location, "script")!;
    expect(proxied.origin + proxied.pathname).toBe("https://coralstone.example/api/tags/script");
    expect(proxied.searchParams.get("url")).toBe(CONFIG);
    expect(rebuilt(new URL("https://www.googletagmanager.com/gtag/js?id=G-1&l=fcLayer"), location, "script")!.searchParams.get("url")).toBe("https://www.googletagmanager.com/gtag/js?id=G-1&l=fcLayer");
    // The tags' own requests (their events) and other hosts' scripts go as they are.
    expect(rebuilt(new URL("https://region1.google-analytics.com/g/collect?v=2"), location, "fetch")).toBeUndefined();
    expect(rebuilt(new URL("https://cdn.example/x.js"), location, "script")).toBeUndefined();
  });

  it("the set-up scripts parse, load the tag's own script, mark <html>, and keep an id as data", () => {
    const ga4 = ga4SetUp("G-CSMAZDA2026", { default: { analytics_storage: "denied" }, update: { analytics_storage: "granted" } });
    const meta = metaSetUp("880012345678901");
    expect(() => new Function(ga4)).not.toThrow();
    expect(() => new Function(meta)).not.toThrow();
    expect(ga4).toContain(`https://www.googletagmanager.com/gtag/js?id=G-CSMAZDA2026&l=${WORKER_LAYER}`);
    expect(ga4).toContain(TAG_STATE_ATTR.ga4);
    expect(meta).toContain("https://connect.facebook.net/en_US/fbevents.js");
    // An id is data in the script, never code.
    expect(metaSetUp('1");alert(1);("')).toContain('n("init","1\\");alert(1);(\\"")');
  });
});
