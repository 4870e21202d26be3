import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import VehicleViews from "./vehicle-views";
import { loadViews, viewsText, viewUrl, VIEWS_TEXT, VIEWS_TEXT_ONE } from "./views";

const on = (t: TenantDocument) => (t.features.viewsCount = true);

async function render(car: StoredVehicle | null = fixtureVehicle(), change: (t: TenantDocument) => void = on) {
  const t = structuredClone(fixtureTenant);
  change(t);
  const node = await VehicleViews({ id: "views", props: { text: VIEWS_TEXT, textOne: VIEWS_TEXT_ONE }, ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, t, car) });
  return node == null ? "" : renderToString(node as ReactElement);
}

describe("vehicle views block (spec §7 View data)", () => {
  it("renders an empty polite live line (the count arrives after the page records its view) where the site shows view counts", async () => {
    const html = await render(fixtureVehicle({ images: [{ url: "/a.jpg", kind: "exterior" }, { url: "/b.jpg", kind: "exterior" }] }));
    expect(html).toMatch(/^<p class="fc-container [^"]+" aria-live="polite" data-block="vehicle-views"><\/p>$/);
    expect(await render(soldVehicle())).toContain('data-block="vehicle-views"');
  });

  it("is not there where the site has view counts off, or without a car", async () => {
    expect(await render(fixtureVehicle(), () => {})).toBe("");
    expect(await render(null)).toBe("");
  });

  it("words the count: plural, singular for exactly 1, in the site's number format", () => {
    const texts = { many: VIEWS_TEXT, one: VIEWS_TEXT_ONE };
    expect(viewsText(312, texts, "en-AU")).toBe("312 people have viewed this car");
    expect(viewsText(1, texts, "en-AU")).toBe("1 person has viewed this car");
    expect(viewsText(0, texts, "en-AU")).toBe("0 people have viewed this car");
    expect(viewsText(12345, { many: "Viewed {count} times", one: "Viewed once" }, "en-NZ")).toBe("Viewed 12,345 times");
  });

  it("asks GET /api/cars/{slug}/view.json with the spec's query", () => {
    expect(viewUrl("2021-toyota-corolla-abc123", { photosCount: 9, site: "redgate" })).toBe("/api/cars/2021-toyota-corolla-abc123/view.json?photos_count=9&website_id=redgate");
  });

  it("answers the views, or null with the error logged", async () => {
    const env = (status: number, body: unknown) => {
      const log = vi.fn();
      const calls: string[] = [];
      return { log, calls, env: { log, fetch: (async (url: string) => (calls.push(url), new Response(JSON.stringify(body), { status }))) as typeof fetch } };
    };
    const ok = env(200, { views: 41, car_fields: { status: "in_stock", price: 24990, photos_count: 2, updated_at: "2026-03-01T00:00:00.000Z" } });
    expect(await loadViews("/api/cars/x/view.json", ok.env)).toBe(41);
    expect(ok.calls).toEqual(["/api/cars/x/view.json"]);
    expect(ok.log).not.toHaveBeenCalled();

    const missing = env(404, { message: "That car is not listed on this site." });
    expect(await loadViews("/api/cars/x/view.json", missing.env)).toBeNull();
    expect(missing.log).toHaveBeenCalledWith("[vehicle-views]", new Error("That car is not listed on this site."));
    const odd = env(200, { views: "many" });
    expect(await loadViews("/api/cars/x/view.json", odd.env)).toBeNull();
    expect(odd.log).toHaveBeenCalledWith("[vehicle-views]", new Error("The view count answered without views."));
  });
});
