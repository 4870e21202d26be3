import { describe, expect, it } from "vitest";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import type { TenantDocument } from "../schemas/generated/tenant";
import { liveOfferCount, offerRecords, offersBaseFilter, zonedMidnight } from "./offers";
import { LISTED_FOREVER } from "./search-record";

type Offer = TenantDocument["offers"][number];
const offer = (o: Partial<Offer> = {}): Offer => ({ id: "o1", title: "Offer", dealership: "harbourside-motors", categories: ["New Car Offers"], href: "/search", ...o });
const tenant = (offers: Offer[], timeZone: TenantDocument["identity"]["timeZone"] = "Australia/Brisbane") => ({
  ...fixtureTenant,
  identity: { ...fixtureTenant.identity, timeZone },
  offers,
});

describe("offers: days in the site's time zone", () => {
  it("finds midnight of a day in a zone, with and without daylight saving", () => {
    // Brisbane is UTC+10 all year.
    expect(new Date(zonedMidnight("2026-12-31", "Australia/Brisbane") * 1000).toISOString()).toBe("2026-12-30T14:00:00.000Z");
    // Sydney is UTC+11 in summer, UTC+10 in winter.
    expect(new Date(zonedMidnight("2027-01-15", "Australia/Sydney") * 1000).toISOString()).toBe("2027-01-14T13:00:00.000Z");
    expect(new Date(zonedMidnight("2027-07-15", "Australia/Sydney") * 1000).toISOString()).toBe("2027-07-14T14:00:00.000Z");
    // Auckland, the day after 2027-04-04 (daylight saving ends that morning).
    expect(new Date(zonedMidnight("2027-04-04", "Pacific/Auckland", 1) * 1000).toISOString()).toBe("2027-04-04T12:00:00.000Z");
  });

  it("shows an offer from the start of its start day to the end of its expiry day", () => {
    const [r] = offerRecords(tenant([offer({ start: "2026-12-01", expiry: "2026-12-31" })]));
    expect(new Date(r.start_ts * 1000).toISOString()).toBe("2026-11-30T14:00:00.000Z");
    expect(new Date(r.expiry_ts * 1000).toISOString()).toBe("2026-12-31T14:00:00.000Z");
    const [open] = offerRecords(tenant([offer()]));
    expect([open.start_ts, open.expiry_ts]).toEqual([0, LISTED_FOREVER]);
  });

  it("reads the dealership's name and keeps the offer's own fields", () => {
    const [r] = offerRecords(tenant([offer({ price: 44990, priceType: "Drive Away", terms: "T&Cs" })]));
    expect(r).toMatchObject({ objectID: "o1", dealership_slug: "harbourside-motors", dealership_name: "Harbourside Motors", price: 44990, price_type: "Drive Away", terms: "T&Cs", image: null, expiry: null });
  });

  it("counts only offers showing now", () => {
    const t = tenant([offer({ id: "a", expiry: "2026-11-21" }), offer({ id: "b", start: "2026-11-23" }), offer({ id: "c", start: "2026-11-22", expiry: "2026-11-22" })]);
    // 2026-11-22 09:00 in Brisbane.
    const now = new Date("2026-11-21T23:00:00Z");
    expect(liveOfferCount(t, now)).toBe(1);
    expect(liveOfferCount(t, new Date("2026-11-22T14:00:00Z"))).toBe(1); // the 23rd in Brisbane: b starts, c has ended
    expect(liveOfferCount(tenant([]), now)).toBe(0);
    expect(offersBaseFilter(now)).toBe(`start_ts <= ${now.getTime() / 1000} AND expiry_ts > ${now.getTime() / 1000}`);
  });
});
