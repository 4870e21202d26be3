import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { FEED_KEYS_FILE } from "../../playwright.config";
import { feedVehicle } from "../fixtures/vehicle";
import { adminUrl, expectAccessible, siteGet, siteUrl } from "./helpers";
import { signInStaff } from "./sign-in";

// Issue 35: the admin lists the vehicles each ads feed leaves out, with the reasons, and none of them is in the feed.
const TWEED_HEADS = { dealership: 104, location: 1007, name: "Harbourline Ford Tweed Heads Sales" };
const NO_REGO = "No rego: NSW asks a used car's advertisement to show its registration number";

async function feedCall(page: Page, method: "PUT" | "DELETE", vehicle: { id: string } & Record<string, unknown>) {
  await page.goto(siteUrl("harbourline", "/robots.txt"));
  const key = JSON.parse(readFileSync(FEED_KEYS_FILE, "utf8"))[String(TWEED_HEADS.dealership)];
  return page.evaluate(
    async ({ method, vehicle, key }) => {
      const r = await fetch(`/api/feed/vehicles/${vehicle.id}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: method === "PUT" ? JSON.stringify(vehicle) : undefined });
      return r.status;
    },
    { method, vehicle, key },
  );
}

test("staff see each feed's left-out vehicles with reasons counted, none of them in the feed, an NSW used car without rego among them", async ({ page, request }) => {
  test.setTimeout(120_000);
  // A used Ranger at Tweed Heads (NSW) with everything a feed needs but its rego.
  const { regplate: _rego, ...car } = feedVehicle("e2e-no-rego", { dealership_id: TWEED_HEADS.dealership, location_id: TWEED_HEADS.location, stocknum: "E2E-NOREGO", make: "Ford", model: "Ranger", price: 41990 });
  expect(await feedCall(page, "PUT", car as never)).toBeLessThan(300);
  try {
    await signInStaff(page);
    await page.goto(adminUrl("/admin/tenants/harbourline/flags"));
    await page.getByRole("link", { name: "Ads feeds" }).first().click();
    await expect(page).toHaveURL(adminUrl("/admin/tenants/harbourline/feeds"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ads feeds of Harbourline Motor Group");

    const feeds = {
      google: { path: "/feeds/google-vehicle-ads.xml", id: /<g:id>([^<]+)<\/g:id>/g },
      meta: { path: "/feeds/meta-vehicles.csv", id: /^([^,\r\n]+),/gm },
    };
    for (const [feed, { path, id }] of Object.entries(feeds)) {
      const body = await (await siteGet(request, "harbourline", path)).text();
      const inFeed = new Set([...body.matchAll(id)].map((m) => m[1]));
      const status = page.getByTestId(`feed-${feed}-status`);
      // The count the page gives is the feed's.
      await expect(status).toHaveText(new RegExp(`^On: ${(feed === "google" ? inFeed.size : inFeed.size - 1).toLocaleString("en-AU")} vehicles in ${path.replace(/\./g, "\\.")}, [\\d,]+ vehicles left out\\.$`));
      const rows = page.getByTestId(`feed-${feed}-left`).locator("tbody tr");
      const left = await rows.evaluateAll((trs) => trs.map((tr) => ({ id: tr.getAttribute("data-car")!, why: tr.querySelectorAll("td")[2].textContent!, href: tr.querySelector("a")!.getAttribute("href")! })));
      expect(left.length).toBeGreaterThan(0);
      // None of them is in the feed.
      for (const l of left) expect(inFeed.has(l.id), `${feed} ${l.id}`).toBe(false);
      // The car without its rego is listed with that reason, linked to its page.
      expect(left.find((l) => l.id === "e2e-no-rego")).toMatchObject({ why: NO_REGO, href: expect.stringMatching(/^http:\/\/harbourline\.localhost:\d+\/cars\/2021-ford-ranger-/) });
      // Each reason is counted: the counts add up to the reasons the rows give.
      const counts = await page.getByTestId(`feed-${feed}-reasons`).locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [tr.querySelectorAll("td")[0].textContent!, Number(tr.querySelectorAll("td")[1].textContent!.replace(/,/g, ""))] as const));
      // Vehicles of a kind the feed does not take are counted, not listed; the rest are listed.
      const ofKind = counts.filter(([r]) => / are not in this feed: /.test(r)).reduce((n, [, c]) => n + c, 0);
      // Google's takes cars only: Harbourline's motorcycles and trucks; Meta's takes every kind.
      expect(feed === "google" ? ofKind > 0 : ofKind === 0).toBe(true);
      if (ofKind) await expect(page.locator(`#feed-${feed}`).locator("..")).toContainText(`${ofKind} vehicles of a kind this feed does not take are counted above, not listed: no change to their records would bring them in.`);
      expect((await status.textContent())!).toContain(`, ${(left.length + ofKind).toLocaleString("en-AU")} vehicles left out.`);
      const given = new Map<string, number>();
      for (const l of left) for (const r of l.why.split("; ")) given.set(r, (given.get(r) ?? 0) + 1);
      expect(new Map(counts.filter(([r]) => !/ are not in this feed: /.test(r)))).toEqual(given);
      expect(given.get(NO_REGO)).toBe(1);
    }
    await expect(page.getByTestId("feed-google-reasons")).toContainText("Motorcycles are not in this feed: it takes cars");
    const href = await page.locator('tr[data-car="e2e-no-rego"] a').first().getAttribute("href");
    expect((await siteGet(request, "harbourline", new URL(href!).pathname)).status()).toBe(200);
    await expectAccessible(page, "ads feeds page");
  } finally {
    await feedCall(page, "DELETE", car as never);
  }
});
