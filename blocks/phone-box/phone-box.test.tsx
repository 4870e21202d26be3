// @vitest-environment happy-dom
import type { ReactElement } from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import { blocksOf, validateTenant } from "../../domain/tenant-validation";
import kowhai from "../../tenants/kowhai-motors.json";
import wattleCreek from "../../tenants/wattle-creek.json";
import PhoneBox from "./phone-box";

async function element(car: StoredVehicle | null = fixtureVehicle(), change: (t: TenantDocument) => void = () => {}, props = {}) {
  const t = structuredClone(fixtureTenant);
  change(t);
  return (await PhoneBox({ id: "phone", props: props as never, ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, t, car) })) as ReactElement | null;
}

const beacons: string[] = [];
beforeEach(() => {
  (window as { dataLayer?: unknown[] }).dataLayer = [];
  // The server-side copy of the event goes as a beacon; no server answers in this test.
  beacons.length = 0;
  Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: (url: string) => (beacons.push(url), true) });
});

describe("phone box (spec §4 'Phone box', §7 event 25)", () => {
  it("shows the location, its licence number and the masked number; a click reveals the full number and records event 25 once", async () => {
    const t = (doc: TenantDocument) => (doc.locations[0].dealer_license_number = "MD 3418001");
    const el = (await element(fixtureVehicle(), t))!;
    const html = renderToString(el);
    expect(html).toContain(">Contact the dealer</h2>");
    expect(html).toContain(">Harbourside Newstead</a>");
    expect(html).toContain("1 Wharf St, Newstead, QLD, 4006");
    expect(html).toContain("Dealer licence MD 3418001");
    expect(html).toContain("07 3000 XXXX");
    expect(html).not.toContain("07 3000 1234");

    const root = document.createElement("div");
    document.body.append(root);
    await act(async () => createRoot(root).render(el));
    const button = root.querySelector("button")!;
    expect(button.textContent).toBe("07 3000 XXXXShow number");
    await act(async () => button.click());
    const link = root.querySelector("a[href^='tel:']")!;
    expect(link.textContent).toBe("07 3000 1234");
    expect(link.getAttribute("href")).toBe("tel:+61730001234");
    expect((window as { dataLayer?: unknown[] }).dataLayer).toEqual([expect.objectContaining({ event: "forecourt", id: 25, label: "Used Car", site: "harbourside-motors" })]);
    expect(beacons).toEqual(["/api/events"]);
  });

  it("is revealed from the start where the site says so, labels new cars New Car, and follows its props", async () => {
    const html = renderToString((await element(fixtureVehicle({ car_type: "new" }), (d) => (d.features.phoneRevealed = true), { heading: "Call us", showLicence: false }))!);
    expect(html).toContain(">Call us</h2>");
    expect(html).toMatch(/<a[^>]*href="tel:\+61730001234"[^>]*>07 3000 1234<\/a>/);
    expect(html).not.toContain("XXXX");
  });

  it("is left out with a warning when no number is known, and without a car", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const none = (d: TenantDocument) => {
      d.identity.phone = undefined as never;
      for (const l of d.locations) l.contact_detail = {};
      for (const x of d.dealerships) delete (x as { phone?: string }).phone;
    };
    expect(await element(fixtureVehicle(), none)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("no phone number available"));
    expect(await element(null)).toBeNull();
    warn.mockRestore();
  });

  it("words a demo site's licence by its country and state once the schema's defaults are applied", async () => {
    for (const [raw, locationId, text] of [
      [kowhai, 6004, "Registered motor vehicle trader M412873"],
      [wattleCreek, 4001, "LMCT 12873"],
    ] as const) {
      const v = validateTenant(raw);
      if (!v.ok) throw new Error("demo document invalid");
      const block = [...blocksOf(v.document)].find((b) => b.block.type === "phone-box")!.block;
      const html = renderToString((await PhoneBox({ id: "phone", props: block.props as never, ctx: fixtureCtx("/cars/x", v.document, fixtureVehicle({ location_id: locationId })) })) as ReactElement);
      expect(html).toContain(`>${text}</p>`);
    }
  });
});
