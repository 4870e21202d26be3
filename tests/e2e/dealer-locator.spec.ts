import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { distanceText } from "../../blocks/dealer-locator/locator";
import { GET_DIRECTIONS, nearestLocations } from "../../domain/locations";
import { hoursOn } from "../../domain/opening-hours";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { demoTenants, siteUrl, viewports, expectAccessible } from "./helpers";

// /dealer-locator (spec §2, §5/§8 "Invalid postcode.", §9 6371 km): the nearest locations to a
// postcode in distance order, without JavaScript too; the map with its tiles answered here, and
// the notice and address cards when its tiles cannot load (these tests run offline).

const INVALID = "Invalid postcode.";
const MAP_UNAVAILABLE = "The map can't be shown right now. Every location below has its address and a Get Directions link.";
const tenant = (slug: string) => demoTenants.find((t) => t.identity.slug === slug)!;
// The embedded provider's tables, read as the server reads them (specs load modules without JSON imports).
const table = (country: "au" | "nz") => (JSON.parse(readFileSync(`server/geocoding/${country}-postcodes.json`, "utf8")) as { postcodes: Record<string, [number, number, string, string]> }).postcodes;

/** What the locator should list for a postcode: computed here from the table and the tenant's coordinates. */
function expected(t: TenantDocument, country: "au" | "nz", postcode: string, limit = 5) {
  const [lat, long, name, area] = table(country)[postcode];
  const nearest = nearestLocations(t.locations.map((l) => ({ ...l, visible: l.visible ?? true })), { lat, long }, { limit });
  return { label: `${name}, ${area} ${postcode}`, names: nearest.map((n) => n.location.name), distances: nearest.map((n) => `${distanceText(n.distanceKm, t.identity.locale)} away`), nearest };
}

// A 1×1 pale grey-green PNG: the tile server as far as the map can tell.
const TILE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eYJAAV4ArlTVdppAAAAAElFTkSuQmCC", "base64");
const TILES = "https://tile.openstreetmap.org/**";

async function dismissPopup(page: Page, slug: string) {
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
}

const results = (page: Page) => page.getByTestId("locator-result");

test("harbourline: a postcode lists the nearest locations in order with their distances, today's hours and links, on a map with keyboard markers", async ({ page }) => {
  const t = tenant("harbourline");
  await dismissPopup(page, "harbourline");
  let tiles = 0;
  await page.route(TILES, (route) => (tiles++, route.fulfill({ status: 200, contentType: "image/png", body: TILE })));
  await page.setViewportSize(viewports.desktop);
  // Leaflet's script loads only where a map is shown: not on the home page, on the locator.
  const scripts: Promise<string>[] = [];
  page.on("response", (r) => void (r.request().resourceType() === "script" && scripts.push(r.text().catch(() => ""))));
  const leafletLoaded = async () => (await Promise.all(scripts.splice(0))).some((js) => js.includes("leaflet-container"));
  await page.goto(siteUrl("harbourline", "/"));
  await page.waitForLoadState("networkidle");
  expect(await leafletLoaded()).toBe(false);
  await page.goto(siteUrl("harbourline", "/dealer-locator"));
  await expect(page.getByRole("heading", { name: "Find Your Nearest Dealer", level: 2 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await leafletLoaded()).toBe(true);
  // Before a search: every shown location (the hidden Cardiff warehouse left out), by name.
  const shown = t.locations.filter((l) => l.visible !== false).map((l) => l.name);
  await expect(page.getByTestId("locator-results-heading")).toHaveText("All our locations");
  await expect(results(page).locator("h4")).toHaveText(shown.toSorted((a, b) => a.localeCompare(b, "en")));

  await page.getByLabel("Postcode").fill("4215");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/\?postcode=4215&department=$/);
  const want = expected(t, "au", "4215");
  await expect(page.getByTestId("locator-results-heading")).toHaveText(`Nearest locations to ${want.label}`);
  expect(want.label).toBe("Southport, QLD 4215");
  await expect(results(page).locator("h4")).toHaveText(want.names);
  await expect(page.getByTestId("locator-distance")).toHaveText(want.distances);
  expect(want.distances.slice(0, 4)).toEqual(["0.4 km away", "1.1 km away", "1.1 km away", "29 km away"]);

  // The first card: address, phone, today's hours in the site's time zone, View Location and Get Directions.
  const first = results(page).first();
  const loc = want.nearest[0].location;
  await expect(first.locator("address")).toHaveText("210 Ferry Road, Southport QLD 4215");
  await expect(first.getByRole("link", { name: loc.contact_detail!.phone! })).toHaveAttribute("href", `tel:${loc.contact_detail!.phone!.replace(/\s/g, "")}`);
  await expect(first.getByTestId("locator-today")).toHaveText(`Today: ${hoursOn(loc, new Date(), t.identity.timeZone).hours}`);
  await expect(first.getByRole("link", { name: `View Location: ${loc.name}` })).toHaveAttribute("href", `/locations/${loc.slug}`);
  await expect(first.getByRole("link", { name: `${GET_DIRECTIONS} to ${loc.name}` })).toHaveAttribute("href", loc.address.place_url!);

  // The map: one marker per listed location, each a focusable button named by its location.
  const map = page.getByRole("region", { name: "Map of the locations listed" });
  await expect(map.locator(".leaflet-tile-loaded").first()).toBeAttached();
  expect(tiles).toBeGreaterThan(0);
  for (const name of want.names) await expect(map.getByRole("button", { name, exact: true })).toHaveAttribute("tabindex", "0");
  await expect(map.getByRole("button", { name: /Harbourline/ })).toHaveCount(5);
  const marker = map.getByRole("button", { name: loc.name, exact: true });
  await page.keyboard.press("Tab");
  await marker.focus();
  await expect(marker).toBeFocused();
  await map.screenshot({ path: "test-results/screenshots/dealer-locator-marker-focus-1280.jpg" });
  await page.keyboard.press("Enter");
  const popup = map.locator(".leaflet-popup");
  await expect(popup).toContainText(loc.name);
  await expect(popup.getByRole("link", { name: GET_DIRECTIONS })).toHaveAttribute("href", loc.address.place_url!);
  await expect(page.getByTestId("map-unavailable")).toHaveCount(0);
  await expect(map.locator(".leaflet-control-attribution")).toContainText("© OpenStreetMap contributors");

  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await page.screenshot({ path: "test-results/screenshots/dealer-locator-harbourline-1280.jpg", fullPage: true });
  await page.setViewportSize(viewports.phone);
  await page.reload();
  await expect(map.locator(".leaflet-tile-loaded").first()).toBeAttached();
  await page.screenshot({ path: "test-results/screenshots/dealer-locator-harbourline-390.jpg", fullPage: true });
  // The first screen at phone width, from the heading: form, map, first card.
  await page.getByRole("heading", { name: "Find Your Nearest Dealer" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/dealer-locator-harbourline-390-first-screen.jpg" });
  await map.screenshot({ path: "test-results/screenshots/dealer-locator-harbourline-390-map.jpg" });
});

test('harbourline: a postcode with no place says "Invalid postcode." by the field; the department filter narrows the list', async ({ page }) => {
  const t = tenant("harbourline");
  await dismissPopup(page, "harbourline");
  await page.route(TILES, (route) => route.fulfill({ status: 200, contentType: "image/png", body: TILE }));
  await page.setViewportSize(viewports.phone);
  await page.goto(siteUrl("harbourline", "/dealer-locator"));
  const postcode = page.getByLabel("Postcode");
  for (const bad of ["0000", "12ab", "٤٠٠٠"]) {
    await postcode.fill(bad);
    await postcode.press("Enter");
    await expect(page.getByTestId("locator-error")).toHaveText(INVALID);
    await expect(postcode).toHaveAttribute("aria-invalid", "true");
    await expect(postcode).toHaveAccessibleDescription(INVALID);
  }
  await page.screenshot({ path: "test-results/screenshots/dealer-locator-invalid-390.jpg" });

  await postcode.fill("2285");
  await page.getByLabel("Department").selectOption("service");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/\?postcode=2285&department=service$/);
  const [lat, long, name] = table("au")["2285"];
  const want = nearestLocations(t.locations.map((l) => ({ ...l, visible: l.visible ?? true })), { lat, long }, { department: "service", limit: 5 });
  await expect(page.getByTestId("locator-results-heading")).toHaveText(`Nearest service locations to ${name}, NSW 2285`);
  await expect(results(page).locator("h4")).toHaveText(want.map((n) => n.location.name));
  expect(want.map((n) => n.location.slug)).toEqual(["harbourline-trucks-beresfield-service", "harbourline-gold-coast-service-centre", "harbourline-toyota-cleveland-service"]);
  await expect(page.getByTestId("locator-error")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form and /dealer-locator?postcode=… render results on the server; hostile input is an invalid postcode, never an error page", async ({ page }) => {
    const t = tenant("harbourline");
    const response = await page.goto(siteUrl("harbourline", "/dealer-locator?postcode=4163"));
    expect(response!.status()).toBe(200);
    const want = expected(t, "au", "4163");
    await expect(page.getByTestId("locator-results-heading")).toHaveText(`Nearest locations to ${want.label}`);
    await expect(results(page).locator("h4")).toHaveText(want.names);
    await expect(page.getByTestId("locator-distance")).toHaveText(want.distances);
    // No map without JavaScript; the cards carry the directions.
    await expect(page.locator(".leaflet-container")).toHaveCount(0);
    await expect(results(page).getByRole("link", { name: new RegExp(`^${GET_DIRECTIONS} to `) })).toHaveCount(5);

    // The form itself, submitted by the browser.
    await page.getByLabel("Postcode").fill("2450");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\?postcode=2450/);
    await expect(results(page).first().locator("h4")).toHaveText("Harbourline Motorcycles Coffs Harbour");
    await expect(page.getByTestId("locator-distance").first()).toHaveText(expected(t, "au", "2450").distances[0]);

    const hostile = ["%00", "%ED%A0%80", "%FF%FE", "4".repeat(10_000), "%D9%A4%D9%A0%D9%A0%D9%A0", "4000%20OR%201%3D1", "4000'--", "", "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "x&postcode=4000&department=%00"];
    for (const value of hostile) {
      const r = await page.goto(siteUrl("harbourline", `/dealer-locator?postcode=${value}`));
      expect(r!.status(), value.slice(0, 30)).toBe(200);
      await expect(page.getByTestId("locator-error")).toHaveText(INVALID);
      await expect(page.locator("script:not([src])").filter({ hasText: "alert(1)" })).toHaveCount(0);
    }
    // A repeated postcode takes the first; an unknown department is no filter.
    await page.goto(siteUrl("harbourline", "/dealer-locator?postcode=4215&postcode=0000&department=boats"));
    await expect(page.getByTestId("locator-results-heading")).toHaveText("Nearest locations to Southport, QLD 4215");
  });
});

test("kowhai-motors (NZ): a New Zealand postcode finds the nearest locations; an Australian one is not a New Zealand postcode", async ({ page }) => {
  const t = tenant("kowhai-motors");
  await dismissPopup(page, "kowhai-motors");
  await page.route(TILES, (route) => route.fulfill({ status: 200, contentType: "image/png", body: TILE }));
  await page.setViewportSize(viewports.desktop);
  await page.goto(siteUrl("kowhai-motors", "/dealer-locator"));
  await page.getByLabel("Postcode").fill("8024");
  await page.getByRole("button", { name: "Search" }).click();
  const want = expected(t, "nz", "8024");
  await expect(page.getByTestId("locator-results-heading")).toHaveText("Nearest locations to Addington, Canterbury 8024");
  await expect(results(page).locator("h4")).toHaveText(want.names);
  await expect(page.getByTestId("locator-distance")).toHaveText(want.distances);
  expect(want.names[0]).toBe("Kōwhai Motors Addington Sales");
  await expect(page.getByRole("region", { name: "Map of the locations listed" }).getByRole("button", { name: "Kōwhai Motors Addington Sales", exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/dealer-locator-kowhai-motors-1280.jpg", fullPage: true });
  await page.getByLabel("Postcode").fill("4000");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("locator-error")).toHaveText(INVALID);
});

test("tiles that cannot load: a drawing of the places and a notice instead of the map, and the address cards with Get Directions", async ({ page }) => {
  await dismissPopup(page, "redgate");
  await page.route(TILES, (route) => route.abort("internetdisconnected"));
  await page.setViewportSize(viewports.phone);
  await page.goto(siteUrl("redgate", "/dealer-locator?postcode=4350"));
  await expect(page.getByTestId("map-unavailable")).toHaveText(MAP_UNAVAILABLE);
  await expect(page.getByRole("status").filter({ hasText: MAP_UNAVAILABLE })).toBeVisible();
  await expect(page.locator(".leaflet-container")).toHaveCount(0);
  // In its place a drawing: a pin per location found, each a link, and the searched postcode.
  await expect(page.getByTestId("drawn-map").getByRole("link")).toHaveCount(await results(page).locator("h4").count());
  const t = tenant("redgate");
  await expect(results(page).locator("h4")).toHaveText(expected(t, "au", "4350").names);
  for (const l of t.locations) await expect(page.getByRole("link", { name: `${GET_DIRECTIONS} to ${l.name}` })).toHaveAttribute("href", l.address.place_url!);
  await page.screenshot({ path: "test-results/screenshots/dealer-locator-tiles-failed-390.jpg" });
  await expectAccessible(page);
  // A tile server that never answers: the map waits 10 s (on the page's clock) for its first tile, then gives way.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.route(TILES, () => {});
  await page.clock.install();
  await page.goto(siteUrl("redgate", "/dealer-locator?postcode=4350"));
  await expect(page.locator(".leaflet-container")).toBeVisible();
  await page.clock.fastForward(9_000);
  await expect(page.getByTestId("map-unavailable")).toHaveCount(0);
  await page.clock.fastForward(1_500);
  await expect(page.getByTestId("map-unavailable")).toHaveText(MAP_UNAVAILABLE);
  await expect(page.locator(".leaflet-container")).toHaveCount(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
