// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_CONFIG_ID, applyConsent, CONSENT_ASK_ATTR, CONSENT_ASK_SCRIPT, CONSENT_CHOICE_ATTR, choiceValue, chooseConsent, LEAD_EVENTS_KEY, PAGE_DATA_ATTR, readConsent, resetStandardAnalytics, sendStandard } from "./standard-analytics";
import { FBEVENTS_URL, GTAG_URL, PARTYTOWN_LIB, TAG_STATE_ATTR, tagCalls, tagLoaded, WORKER_LAYER, type TagName } from "./tag-worker";
import { trackEvent } from "./analytics";

type W = Window & { dataLayer?: unknown[]; fcLayer?: unknown[]; fbq?: { queue: unknown[] } };
const w = window as W;
const asArrays = (list: readonly unknown[] | undefined) => (list ?? []).map((e) => (typeof e === "object" && e !== null && "length" in e ? Array.from(e as ArrayLike<unknown>) : e));
const entries = () => asArrays(w.dataLayer);
const scripts = () => Array.from(document.head.querySelectorAll("script[src]")).map((s) => s.getAttribute("src"));
/** The tags' set-up scripts for Partytown's worker. */
const setUps = () => Array.from(document.head.querySelectorAll('script[type="text/partytown"]')).map((s) => s.textContent ?? "");
const GA4_SRC = `${GTAG_URL}?id=G-CSMAZDA2026&l=${WORKER_LAYER}`;
/** What Meta's tag was given on this page. */
const metaCalls = () => tagCalls("meta").map((c) => [...c]);
/** Runs a tag's set-up as Partytown would (here on this thread, as its fallback does), then its script's load. */
async function runTag(tag: TagName, load = true) {
  const text = setUps().find((t) => t.includes(TAG_STATE_ATTR[tag]))!;
  new Function(text)();
  const src = tag === "ga4" ? GA4_SRC : FBEVENTS_URL;
  await vi.waitFor(() => expect(scripts()).toContain(src));
  if (!load) return;
  // What the tag's script does with its queue (gtag.js replaces its data layer's push; fbevents.js sets callMethod).
  if (tag === "ga4") w.fcLayer!.push = (...a: unknown[]) => Array.prototype.push.apply(w.fcLayer, a);
  else (w.fbq as unknown as { callMethod: () => void }).callMethod = () => {};
  document.head.querySelector(`script[src="${src}"]`)!.dispatchEvent(new Event("load"));
  await vi.waitFor(() => expect(tagLoaded(tag)).toBe(true));
}

function page(config: object | null) {
  document.head.innerHTML = "";
  document.body.innerHTML = config
    ? `<script type="application/json" id="${ANALYTICS_CONFIG_ID}">${JSON.stringify(config)}</script>` +
      `<main><script type="application/json" ${PAGE_DATA_ATTR}>${JSON.stringify({ page_type: "itemlist", currency: "AUD", country: "AU", car: null })}</script></main>`
    : "<main></main>";
}

beforeEach(() => {
  (window as any).happyDOM?.setURL("https://coralstone-mazda.localhost/search?query=cx-5");
  for (const c of document.cookie.split(/;\s*/)) if (c) document.cookie = `${c.split("=")[0]}=; Max-Age=0; Path=/`;
  delete w.dataLayer;
  delete w.fcLayer;
  delete w.fbq;
  delete (w as any)._fbq;
  delete (w as any).gtag;
  delete (w as any).partytown;
  delete (w as any).fcTagsAck;
  document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
  resetStandardAnalytics();
  window.sessionStorage.clear();
  vi.spyOn(window.navigator, "sendBeacon").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("standard analytics and consent", () => {
  it("before a choice nothing is pushed for Google or Meta and no script is added; Accept all sends the waiting events after Consent Mode's denied default", async () => {
    page({ ga4: "G-CSMAZDA2026", pixel: "880012345678901", currency: "AUD", country: "AU" });
    trackEvent(49, "coralstone-mazda");
    // The site's own statistic is pushed as before; nothing for a third party.
    expect(entries()).toEqual([{ event: "forecourt", id: 49, site: "coralstone-mazda", path: "/search" }]);
    expect(w.fbq).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(scripts()).toEqual([]);

    chooseConsent({ analytics: true, ads: true });
    expect(readConsent()).toMatchObject({ analytics: true, ads: true });
    const gtagCalls = entries().slice(1) as unknown[][];
    expect(gtagCalls.map((c) => c.slice(0, 2))).toEqual([
      ["consent", "default"],
      ["consent", "update"],
      ["js", expect.any(Date)],
      ["config", "G-CSMAZDA2026"],
      ["event", "asc_itemlist_pageview"],
    ]);
    expect(gtagCalls[0]![2]).toEqual({ analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" });
    expect(gtagCalls[1]![2]).toEqual({ analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" });
    expect(gtagCalls[4]![2]).toEqual({ event_owner: "forecourt", page_type: "itemlist", search_term: "cx-5" });
    expect(metaCalls()).toEqual([["track", "Search", { content_type: "vehicle", search_string: "cx-5", currency: "AUD", country: "Australia" }]]);
    // Nothing runs on this thread: Partytown's loader from the site's origin, and each tag's set-up for its worker.
    expect(scripts()).toEqual([`${PARTYTOWN_LIB}partytown.js`]);
    expect((w as any).partytown).toMatchObject({ lib: PARTYTOWN_LIB, forward: ["gtag", "fbq", "fcTagsAck"], fallbackTimeout: 0 });
    expect(setUps()).toHaveLength(2);
    expect(setUps()[0]).toContain('g("consent","default",{"analytics_storage":"denied","ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied"})');
    expect(setUps()[0]).toContain('g("config","G-CSMAZDA2026")');
    expect(setUps()[1]).toContain('n("init","880012345678901")');

    // The worker's tags get the waiting events once their functions exist there, in order, after their set-up's own commands.
    await runTag("ga4", false);
    await vi.waitFor(() => expect(asArrays(w.fcLayer).map((c) => (c as unknown[]).slice(0, 2))).toEqual([["consent", "default"], ["consent", "update"], ["js", expect.any(Date)], ["config", "G-CSMAZDA2026"], ["event", "asc_itemlist_pageview"]]));
    expect(document.documentElement.getAttribute(TAG_STATE_ATTR.ga4)).toBe("ready");
    await runTag("meta", false);
    await vi.waitFor(() => expect(asArrays(w.fbq!.queue)).toEqual([["init", "880012345678901"], ["track", "Search", { content_type: "vehicle", search_string: "cx-5", currency: "AUD", country: "Australia" }]]));
    // Later calls go straight through.
    sendStandard({ id: 25, phone: "tel:+61738001234" });
    expect(asArrays(w.fcLayer).at(-1)).toEqual(["event", "asc_click_to_call", expect.objectContaining({ comm_type: "call" })]);
    expect(asArrays(w.fbq!.queue).at(-1)).toEqual(["track", "Contact", expect.objectContaining({ content_type: "vehicle" })]);
  });

  it("Reject all drops the waiting events and loads nothing; later events are not sent either", async () => {
    page({ ga4: "G-CSMAZDA2026", pixel: "880012345678901", currency: "AUD", country: "AU" });
    sendStandard({ id: "page-view" });
    chooseConsent({ analytics: false, ads: false });
    sendStandard({ id: 22, label: "enquiry" });
    await new Promise((r) => setTimeout(r, 20));
    expect(entries()).toEqual([]);
    expect(metaCalls()).toEqual([]);
    expect(scripts()).toEqual([]);
    expect(setUps()).toEqual([]);
    expect(document.cookie).toMatch(/fc_consent=v1\.a0\.d0\.\d+/);
  });

  it("analytics only: GA4 gets the events, Meta's pixel is not loaded", async () => {
    page({ ga4: "G-CSMAZDA2026", pixel: "880012345678901", currency: "AUD", country: "AU" });
    chooseConsent({ analytics: true, ads: false });
    sendStandard({ id: 25, phone: "tel:+61738001234" });
    const events = (entries() as unknown[][]).filter((e) => e[0] === "event");
    expect(events).toEqual([["event", "asc_click_to_call", { event_owner: "forecourt", page_type: "itemlist", comm_type: "call", comm_phone_number: "+61738001234", department: "sales" }]]);
    expect(metaCalls()).toEqual([]);
    expect(setUps()).toHaveLength(1);
    expect(setUps()[0]).toContain(TAG_STATE_ATTR.ga4);
  });

  it("a choice clears only the cookies of what it denies: analytics only keeps GA4's client id", () => {
    page({ ga4: "G-CSMAZDA2026", pixel: "880012345678901", currency: "AUD", country: "AU" });
    for (const c of ["_ga=GA1.1.1.2", "_ga_CSMAZDA2026=GS1.1.1", "_gcl_au=1.1.1", "_fbp=fb.1.1.1", "other=1"]) document.cookie = `${c}; Path=/`;
    chooseConsent({ analytics: true, ads: false });
    // (happy-dom keeps a cookie set to expire as an empty value.)
    const names = () => document.cookie.split(/;\s*/).filter((c) => /=./.test(c)).map((c) => c.split("=")[0]).filter((n) => n !== "fc_consent").sort();
    expect(names()).toEqual(["_ga", "_ga_CSMAZDA2026", "other"]);
    chooseConsent({ analytics: false, ads: false });
    expect(names()).toEqual(["other"]);
  });

  it("a withdrawal clears the tags' cookies again once the worker's tags have heard it (a hit in flight may set one after the first clear)", async () => {
    page({ ga4: "G-CSMAZDA2026", pixel: "880012345678901", currency: "AUD", country: "AU" });
    chooseConsent({ analytics: true, ads: true });
    await runTag("ga4");
    document.cookie = "_ga=GA1.1.1.2; Path=/";
    chooseConsent({ analytics: false, ads: false });
    // The worker's tag, still on its last hit, sets its cookie after the page cleared it.
    document.cookie = "_ga=GA1.1.late; Path=/";
    await vi.waitFor(() => expect(document.cookie).not.toMatch(/(^|;\s*)_ga=/));
    expect(asArrays(w.fcLayer).at(-1)).toEqual(["consent", "update", { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }]);
  });

  it("a search card's save (trackEvent with the card's car) reaches Meta as AddToWishlist with the catalogue's id and the car's fields", () => {
    page({ ga4: "G-CSMAZDA2026", pixel: "880012345678901", currency: "AUD", country: "AU" });
    chooseConsent({ analytics: true, ads: true });
    const car = { id: "cs-101", item: { item_price: 38990, item_condition: "used" as const, item_year: 2021, item_make: "Mazda", item_model: "CX-5", item_type: "car" as const } };
    trackEvent(39, "coralstone-mazda", undefined, { car });
    expect(metaCalls().at(-1)).toEqual([
      "track",
      "AddToWishlist",
      { content_type: "vehicle", content_ids: ["cs-101"], make: "Mazda", model: "CX-5", year: 2021, state_of_vehicle: "used", price: 38990, currency: "AUD", country: "Australia" },
    ]);
    const save = (entries() as unknown[][]).filter((e) => e[0] === "event").at(-1)!;
    expect(save.slice(0, 2)).toEqual(["event", "asc_cta_interaction"]);
    expect(save[2]).toMatchObject({ page_type: "itemlist", item_make: "Mazda", item_model: "CX-5", item_year: 2021, item_price: 38990, event_action_result: "save" });
  });

  it("a site without ids sends nothing standard; the inline script asks only without the cookie", () => {
    // No choice left over from another test (happy-dom may keep an expired cookie as an empty value).
    document.cookie = "fc_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/";
    page(null);
    sendStandard({ id: "page-view" });
    expect(entries()).toEqual([]);
    new Function(CONSENT_ASK_SCRIPT)();
    expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe("ask");
    document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
    document.cookie = "fc_consent=v1.a1.d1.1764460000; Path=/";
    new Function(CONSENT_ASK_SCRIPT)();
    expect(document.documentElement.hasAttribute(CONSENT_ASK_ATTR)).toBe(false);
    // Before the page's scripts: the inline script's handler stores the choice of the button clicked.
    document.documentElement.setAttribute(CONSENT_ASK_ATTR, "ask");
    document.body.innerHTML = `<button type="button" ${CONSENT_CHOICE_ATTR}="${choiceValue({ analytics: false, ads: true })}">Advertising only</button>`;
    document.querySelector("button")!.click();
    expect(readConsent()).toEqual({ analytics: false, ads: true, at: expect.any(Number) });
    expect(Math.abs(readConsent()!.at - Date.now() / 1000)).toBeLessThan(5);
    expect(document.documentElement.hasAttribute(CONSENT_ASK_ATTR)).toBe(false);
  });

  describe("a lead sent before the tags load (the success page is a full load)", () => {
    const CFG = { ga4: "G-CSMAZDA2026", pixel: "880012345678901", currency: "AUD", country: "AU" };
    const kept = () => JSON.parse(window.sessionStorage.getItem(LEAD_EVENTS_KEY) ?? "null");
    const leadsInDataLayer = () => (entries() as unknown[][]).filter((e) => e[0] === "event" && e[1] === "asc_form_submission").map((e) => (e[2] as { event_id?: string }).event_id);
    const leadsInFbq = () => metaCalls().filter((a) => a[1] === "Lead").map((a) => (a[3] as { eventID?: string } | undefined)?.eventID);
    /** A new page: this module's state gone, as after a full load; sessionStorage stays. */
    function nextPage() {
      resetStandardAnalytics();
      delete w.dataLayer;
      delete w.fcLayer;
      delete w.fbq;
      delete (w as any)._fbq;
      delete (w as any).gtag;
      page(CFG);
    }
    const lead = (eventId: string) => trackEvent(15, "coralstone-mazda", "vehicle-enquiry", { eventId });

    it("keeps its events with the same event id, sends them once on the next page, and forgets each tag's part when that tag has loaded", async () => {
      page(CFG);
      document.cookie = "fc_consent=v1.a1.d1.1764460000; Path=/";
      lead("lead.0b6a2c1e");
      expect(leadsInDataLayer()).toEqual(["lead.0b6a2c1e"]);
      expect(kept()).toMatchObject([{ id: "lead.0b6a2c1e", ga4: [{ name: "asc_form_submission", params: { event_id: "lead.0b6a2c1e" } }], meta: [{ name: "Lead", eventID: "lead.0b6a2c1e" }] }]);
      // This page's own consent update does not send its lead twice.
      applyConsent(readConsent()!);
      expect(leadsInDataLayer()).toEqual(["lead.0b6a2c1e"]);

      nextPage();
      applyConsent(readConsent()!);
      applyConsent(readConsent()!);
      expect(leadsInDataLayer()).toEqual(["lead.0b6a2c1e"]);
      expect(leadsInFbq()).toEqual(["lead.0b6a2c1e"]);
      await runTag("ga4");
      expect(kept()).toMatchObject([{ id: "lead.0b6a2c1e", ga4: [], meta: [{ name: "Lead" }] }]);
      await runTag("meta");
      expect(kept()).toBeNull();

      // Nothing left for the page after.
      nextPage();
      applyConsent(readConsent()!);
      expect(leadsInDataLayer()).toEqual([]);
    });

    it("a load that is not the tag's (Partytown ran the script on the main thread after a failed fetch) lets nothing go", async () => {
      page(CFG);
      document.cookie = "fc_consent=v1.a1.d0.1764460000; Path=/";
      lead("lead.fallback");
      await runTag("ga4", false);
      document.head.querySelector(`script[src="${GA4_SRC}"]`)!.dispatchEvent(new Event("load"));
      await new Promise((r) => setTimeout(r, 20));
      expect(document.documentElement.getAttribute(TAG_STATE_ATTR.ga4)).toBe("ready");
      expect(tagLoaded("ga4")).toBe(false);
      expect(kept()).toMatchObject([{ id: "lead.fallback" }]);
    });

    it("keeps only what the visitor allowed and the tags had not taken: nothing before a choice, nothing once loaded; at most 5; a withdrawn choice drops them", async () => {
      page(CFG);
      lead("lead.no-choice");
      expect(kept()).toBeNull();
      document.cookie = "fc_consent=v1.a1.d0.1764460000; Path=/";
      lead("lead.analytics-only");
      expect(kept()).toMatchObject([{ id: "lead.analytics-only", meta: [] }]);
      expect(kept()[0].ga4).toHaveLength(1);
      for (let i = 1; i <= 6; i++) lead(`lead.${i}`);
      expect(kept().map((k: { id: string }) => k.id)).toEqual(["lead.2", "lead.3", "lead.4", "lead.5", "lead.6"]);
      await runTag("ga4");
      expect(kept()).toBeNull();
      lead("lead.after-load");
      expect(kept()).toBeNull();

      resetStandardAnalytics();
      lead("lead.withdrawn");
      expect(kept()).toHaveLength(1);
      nextPage();
      document.cookie = "fc_consent=v1.a0.d0.1764460000; Path=/";
      applyConsent(readConsent()!);
      expect(leadsInDataLayer()).toEqual([]);
      expect(kept()).toBeNull();
    });

    it("what is in sessionStorage is checked: unreadable or ill-formed entries are ignored, old ones dropped", () => {
      window.sessionStorage.setItem(LEAD_EVENTS_KEY, "{not json");
      page(CFG);
      document.cookie = "fc_consent=v1.a1.d1.1764460000; Path=/";
      expect(() => applyConsent(readConsent()!)).not.toThrow();
      expect(leadsInDataLayer()).toEqual([]);
      const good = { id: "lead.ok", at: Date.now(), ga4: [{ name: "asc_form_submission", params: { event_id: "lead.ok" } }], meta: [] };
      const old = { ...good, id: "lead.old", at: Date.now() - 31 * 60 * 1000 };
      window.sessionStorage.setItem(LEAD_EVENTS_KEY, JSON.stringify([{ id: 5 }, { ...good, id: "lead.bad", ga4: "<script>" }, old, good]));
      nextPage();
      applyConsent(readConsent()!);
      expect(leadsInDataLayer()).toEqual(["lead.ok"]);
    });
  });
});
