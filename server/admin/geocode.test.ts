import { describe, expect, it } from "vitest";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createTenant } from "../tenants/store";
import { upsertAdminUser } from "./accounts";
import { adminRoute } from "./http";
import { NO_POSTCODE, placeAddress } from "./geocode";
import { handleGeocode } from "./geocode-http";
import { ADMIN_HOST as ADMIN, ADMIN_ORIGIN as ORIGIN, adminSignIn } from "../../tests/fixtures/admin-sites";

describe("placing a location by its address (the embedded postcode tables)", () => {
  it("places an Australian address at its postcode's centre, named", async () => {
    expect(await placeAddress({ postcode: "4215", state: "QLD" }, "AU")).toEqual({ lat: expect.closeTo(-27.97, 1), long: expect.closeTo(153.41, 1), label: "Southport, QLD", postcode: "4215" });
    expect((await placeAddress({ postcode: " 2000 " }, "AU")).label).toBe("Sydney, NSW");
  });

  it("places a New Zealand address by its postcode, its region checked by its code", async () => {
    expect((await placeAddress({ postcode: "1010", state: "AUK" }, "NZ")).label).toBe("Auckland Central, Auckland");
    await expect(placeAddress({ postcode: "1010", state: "CAN" }, "NZ")).rejects.toThrow("Postcode 1010 is in Auckland (Auckland Central), not Canterbury. Check the state or the postcode.");
  });

  it("says why an address cannot be placed: no postcode, no such postcode, another state's", async () => {
    await expect(placeAddress({ postcode: "" }, "AU")).rejects.toThrow(NO_POSTCODE);
    await expect(placeAddress({ postcode: "42a5" }, "AU")).rejects.toThrow("Type the address's 4-digit postcode: the location is placed on the map by it.");
    await expect(placeAddress({ postcode: "0999", state: "NT" }, "AU")).rejects.toMatchObject({ status: 422, message: "No place in Australia has the postcode 0999. Check the postcode, or type the coordinates under Advanced." });
    await expect(placeAddress({ postcode: "9999" }, "NZ")).rejects.toThrow("No place in New Zealand has the postcode 9999.");
    await expect(placeAddress({ postcode: "4215", state: "NSW" }, "AU")).rejects.toThrow("Postcode 4215 is in QLD (Southport), not NSW. Check the state or the postcode.");
  });
});

describe.each(backends)("GET /api/admin/tenants/{slug}/geocode on %s", (_name, make) => {
  let h: DbHandle;
  let dealer = "";
  const get = async (slug: string, query: string, cookie = dealer) => {
    const request = new Request(`${ORIGIN}/api/admin/tenants/${slug}/geocode${query}`, { headers: { host: ADMIN, cookie: `fc_admin=${cookie}` } });
    const res = await adminRoute(handleGeocode, { handle: async () => h })(request, { params: Promise.resolve({ slug }) });
    return { status: res.status, body: await res.json() };
  };
  const db = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors", 1), "seed");
    const nz = makeTenant("kiwi", "Kiwi Cars", 2);
    await createTenant(h.db, { ...nz, identity: { ...nz.identity, locale: "en-NZ" } }, "seed");
    await upsertAdminUser(h.db, { email: "dealer@test.example", password: "dealer-password-1", role: "dealer", tenants: ["alpha"] });
    dealer = await adminSignIn(h, "dealer@test.example", "dealer-password-1");
  });

  it("answers the place of the site's postcode, or 422 with the reason, and only for the person's sites", async (ctx) => {
    db.need(ctx);
    expect(await get("alpha", "?postcode=4215&state=QLD")).toMatchObject({ status: 200, body: { label: "Southport, QLD", postcode: "4215" } });
    expect(await get("alpha", "?postcode=4215&state=VIC")).toEqual({ status: 422, body: { message: "Postcode 4215 is in QLD (Southport), not VIC. Check the state or the postcode." } });
    expect(await get("alpha", "?postcode=")).toEqual({ status: 422, body: { message: NO_POSTCODE } });
    expect((await get("kiwi", "?postcode=1010")).status).toBe(403);
    expect((await get("alpha", "?postcode=4215", "")).status).toBe(401);
  });
});
