import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../tests/fixtures/vehicle";
import type { StoredVehicle } from "../server/inventory/vehicle";
import { consumerNoticePage, IMPORTED_DAMAGED, NO_SECURITY_INTEREST, NOT_IMPORTED_DAMAGED, NOT_RECORDED, SECURITY_INTEREST } from "./consumer-notice";

const state = vi.hoisted(() => ({ car: null as StoredVehicle | null, notices: true }));
vi.mock("../server/inventory/vdp", () => ({ vehicleForPage: async (_t: unknown, path: string) => (state.car && path === `/cars/${state.car.slug}` ? state.car : null) }));
vi.mock("../server/tenants/live", () => ({
  tenantForHost: async (host: string) => {
    if (host !== "kowhai.localhost:3000") return null;
    const document = structuredClone(fixtureTenant);
    document.identity.locale = "en-NZ";
    document.identity.timeZone = "Pacific/Auckland";
    document.features.consumerInformationNotice = state.notices;
    document.locations[0].dealer_license_number = "MVTR M412873";
    return { slug: "kowhai", version: 1, document };
  },
}));

const page = async (car: StoredVehicle | null, notices = true, host = "kowhai.localhost:3000") => {
  state.car = car;
  state.notices = notices;
  return consumerNoticePage(host, car?.slug ?? "nothing-here");
};

describe("Consumer Information Notice page", () => {
  it("shows the trader with its registration number and the vehicle's facts, marking what the record lacks", async () => {
    const found = (await page(fixtureVehicle({ engine_size: 1798 })))!;
    expect(found.title).toBe("Consumer Information Notice: 2021 Toyota Corolla | Harbourside Motors");
    const html = renderToStaticMarkup(found.element as ReactElement);
    expect(html).toContain("<h1>Consumer Information Notice</h1>");
    expect(html).toContain("<dt>Motor vehicle trader registration number</dt><dd>MVTR M412873</dd>");
    expect(html).toContain("<dt>Trader name</dt><dd>Harbourside Newstead</dd>");
    expect(html).toContain("<dt>VIN or chassis number</dt><dd>JTNKB3BE10J012345</dd>");
    expect(html).toContain("<dt>Odometer reading</dt><dd>42,123 km</dd>");
    expect(html).toContain("<dt>Engine capacity</dt><dd>1,798 cc</dd>");
    expect(html).toContain("<dt>Cash price</dt><dd>$27,990 Drive Away</dd>");
    expect(html).toContain(`<dt>Build date</dt><dd>${NOT_RECORDED}</dd>`);
    expect(html).toContain(`<dt>Year first registered in New Zealand</dt><dd>${NOT_RECORDED}</dd>`);
    expect(html).toContain(`<dt>Security interest</dt><dd>${NOT_RECORDED}</dd>`);
    expect(html).toContain(`<dt>Imported as damaged</dt><dd>${NOT_RECORDED}</dd>`);
  });

  it("gives as the cash price only a total one: a price excluding government charges is not recorded as it", async () => {
    const html = renderToStaticMarkup((await page(fixtureVehicle({ price_type: "Excl. Gov. Charges" })))!.element as ReactElement);
    expect(html).toContain(`<dt>Cash price</dt><dd>${NOT_RECORDED}</dd>`);
  });

  it("states whether the vehicle was imported as damaged, as the notice must", async () => {
    const row = (imported_damaged: boolean) =>
      page(fixtureVehicle({ imported_damaged })).then((p) => renderToStaticMarkup(p!.element as ReactElement).match(/<dt>Imported as damaged<\/dt><dd>([^<]*)<\/dd>/)?.[1]);
    expect([await row(true), await row(false)]).toEqual([IMPORTED_DAMAGED, NOT_IMPORTED_DAMAGED]);
  });

  it("states the year first registered in New Zealand, the WoF's expiry and whether a security interest is registered", async () => {
    const html = (security: boolean) =>
      page(fixtureVehicle({ nz_first_registered: 2019, wof_expiry: "2027-03-05", security_interest: security })).then((p) => renderToStaticMarkup(p!.element as ReactElement));
    const clear = await html(false);
    expect(clear).toContain("<dt>Year first registered in New Zealand</dt><dd>2019</dd>");
    expect(clear).toContain("<dt>Warrant of Fitness expiry</dt><dd>5/03/2027</dd>");
    expect(clear).toContain(`<dt>Security interest</dt><dd>${NO_SECURITY_INTEREST}</dd>`);
    expect(await html(true)).toContain(`<dt>Security interest</dt><dd>${SECURITY_INTEREST}</dd>`);
  });

  it("is not found for new cars, sites without notices, unknown cars and other hosts", async () => {
    expect(await page(fixtureVehicle({ car_type: "new" }))).toBeNull();
    expect(await page(fixtureVehicle(), false)).toBeNull();
    expect(await page(null)).toBeNull();
    expect(await page(fixtureVehicle(), true, "elsewhere.localhost")).toBeNull();
  });
});
