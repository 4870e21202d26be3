/** GET /api/places (issue 34): the place a shopper names in the search box, for the site of the Host header. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { placesEndpoint } from "./http";

const site = (slug: string) => ({ slug, version: 1, document: JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8")) as TenantDocument });
const sites = { "harbourline.localhost:3000": site("harbourline"), "kowhai-motors.localhost:3000": site("kowhai-motors") };
const route = placesEndpoint(async (host) => (host && Object.hasOwn(sites, host) ? sites[host as keyof typeof sites] : null));

async function get(query: string, host = "harbourline.localhost:3000") {
  const res = await route(new Request(`http://${host}/api/places${query}`, { headers: { host } }));
  return { status: res.status, body: await res.json(), cache: res.headers.get("cache-control") };
}

describe("GET /api/places", () => {
  it("places a postcode or a suburb in the site's country, its first location's state first", async () => {
    expect(await get("?q=2148")).toEqual({ status: 200, body: { place: "Blacktown, NSW", lat: -33.77, lng: 150.905 }, cache: "public, max-age=3600" });
    expect((await get("?q=%20port%20%20macquarie%20")).body).toMatchObject({ place: "Port Macquarie, NSW" });
    // Harbourline's first location is in Queensland: its Cleveland, not New South Wales'.
    expect((await get("?q=Cleveland")).body).toMatchObject({ place: "Cleveland, QLD" });
    expect((await get("?q=penrose", "kowhai-motors.localhost:3000")).body).toEqual({ place: "Penrose, Auckland", lat: -36.913, lng: 174.811 });
  });

  it("answers bad input, an unknown place and an unknown site with a clear message, never a 500", async () => {
    expect(await get("?q=Narnia")).toMatchObject({ status: 404, body: { error: "No place called “Narnia” in Australia." } });
    expect(await get("?q=Blacktown", "kowhai-motors.localhost:3000")).toMatchObject({ status: 404, body: { error: "No place called “Blacktown” in New Zealand." } });
    expect(await get("?q=0000")).toMatchObject({ status: 404, body: { error: "No place called “0000” in Australia." } });
    for (const q of ["", "?q=", "?q=%20%20"]) expect(await get(q), q).toMatchObject({ status: 400, body: { error: "Please name a suburb, town or postcode." } });
    expect(await get(`?q=${"a".repeat(61)}`)).toMatchObject({ status: 400, body: { error: "A place name is at most 60 characters." } });
    expect(await get(`?q=${"%E2%80%AE".repeat(5000)}`)).toMatchObject({ status: 400 });
    expect(await get("?q=%ZZ")).toMatchObject({ status: 404 });
    expect(await get("?q=2148", "nowhere.localhost:3000")).toMatchObject({ status: 404, body: { error: "No dealer site answers at this address." } });
  });
});
