import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { distanceKm } from "../../domain/delivery";
import { reactHydrated, siteUrl, viewports } from "./helpers";

// Issue 34: a request typed in the search box becomes the site's own filters, shown as removable chips;
// the URL is the ordinary search URL of those filters, so a reload and Back give the same page. Reads only.

const countHeading = (page: Page) => page.locator('h2[id$="-count"]');
const chips = (page: Page) => page.getByRole("list", { name: "Selected filters" }).getByRole("button");
const decodedUrl = (page: Page) => decodeURIComponent(page.url());

async function count(page: Page): Promise<number> {
  const text = (await countHeading(page).textContent()) ?? "";
  const m = /^([\d,]+) /.exec(text.trim());
  expect(m, `count heading "${text}"`).not.toBeNull();
  return Number(m![1].replace(/,/g, ""));
}

/** Each result card's facts: its title, price and details (car type, transmission, km, fuel). */
async function cards(page: Page) {
  return page.locator("article").evaluateAll((articles) =>
    articles.map((a) => {
      const amount = a.querySelector('[data-kind="price"] span')?.textContent ?? "";
      const details = [...a.querySelectorAll('ul[aria-label="Details"] li')].map((li) => li.textContent ?? "");
      const km = details.find((d) => / km$/.test(d));
      return {
        title: a.querySelector("h3")?.textContent ?? "",
        price: Number(amount.replace(/[^\d]/g, "")),
        km: km === undefined ? undefined : Number(km.replace(/[^\d]/g, "")),
        details,
      };
    }),
  );
}

type Card = Awaited<ReturnType<typeof cards>>[number];

/** The cards once every one of them passes `ok` (the previous results stay on screen while a search runs). */
async function settled(page: Page, ok: (card: Card) => boolean) {
  await expect.poll(async () => {
    const shown = await cards(page);
    return shown.length > 0 && shown.every(ok);
  }).toBe(true);
  return cards(page);
}

async function ask(page: Page, request: string) {
  const box = page.getByRole("searchbox");
  await reactHydrated(box);
  await box.fill(request);
  await box.press("Enter");
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  for (const slug of ["harbourline", "coralstone-mazda"]) {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  }
});

test("harbourline: a request becomes chips and only matching cars; removing a chip widens; reload and Back agree", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await open(page, siteUrl("harbourline", "/search"));
  const all = await count(page);

  await ask(page, "white diesel ute under 40k with less than 50,000 km");
  await expect(chips(page)).toHaveText(["Remove Ute", "Remove White", "Remove Diesel", "Remove Under $40,000", "Remove Under 50,000 km"]);
  // The ordinary search URL of those filters (in the order the widgets keep them).
  await expect.poll(() => decodedUrl(page).split(/[?&]/).sort()).toEqual(
    ["refinementList[body][0]=ute", "refinementList[colour][0]=White", "refinementList[fuel][0]=Diesel", "range[price]=:40000", "range[km]=:50000", siteUrl("harbourline", "/search")].sort(),
  );
  await expect(page.getByRole("searchbox")).toHaveValue("");
  const shown = await settled(page, (c) => c.price <= 40000 && c.km !== undefined && c.km <= 50000 && c.details.includes("Diesel"));
  const found = await count(page);
  expect(found).toBeLessThan(all);
  expect(shown).toHaveLength(found);
  for (const card of shown) {
    expect(card.price, card.title).toBeLessThanOrEqual(40000);
    expect(card.km, card.title).toBeLessThanOrEqual(50000);
    expect(card.details, card.title).toContain("Diesel");
  }
  const titles = shown.map((c) => c.title);

  // The same page from the URL alone (the server's render), and after Back and Forward.
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(chips(page)).toHaveText(["Remove Ute", "Remove White", "Remove Diesel", "Remove Under $40,000", "Remove Under 50,000 km"]);
  expect((await cards(page)).map((c) => c.title)).toEqual(titles);
  await page.goBack();
  await expect(chips(page)).toHaveCount(0);
  await page.goForward();
  await expect(chips(page)).toHaveCount(5);
  await expect.poll(() => count(page)).toBe(found);

  // Removing a chip by keyboard widens the results, and the focus stays among the chips.
  const km = page.getByRole("button", { name: "Remove Under 50,000 km" });
  await km.focus();
  await page.keyboard.press("Enter");
  await expect(chips(page)).toHaveText(["Remove Ute", "Remove White", "Remove Diesel", "Remove Under $40,000"]);
  await expect(page.getByRole("button", { name: "Remove Under $40,000" })).toBeFocused();
  await expect.poll(() => count(page)).toBeGreaterThan(found);
  for (const card of await cards(page)) {
    expect(card.price, card.title).toBeLessThanOrEqual(40000);
    expect(card.details, card.title).toContain("Diesel");
  }
  await expect.poll(() => decodedUrl(page)).not.toContain("range[km]");

  // A second request replaces the first; its year and transmission show on every card.
  await ask(page, "7 seater suv 2019 or newer automatic");
  await expect(chips(page)).toHaveText(["Remove SUV", "Remove Automatic", "Remove 7+ seats", "Remove 2019 or newer"]);
  await expect.poll(() => decodedUrl(page)).toContain("range[seats]=7:");
  const suvs = await settled(page, (c) => Number(c.title.slice(0, 4)) >= 2019 && c.details.includes("Automatic"));
  for (const card of suvs) {
    expect(Number(card.title.slice(0, 4)), card.title).toBeGreaterThanOrEqual(2019);
    expect(card.details, card.title).toContain("Automatic");
  }
  expect(errors).toEqual([]);
});

test("coralstone-mazda: a model however it is spelt, around a price; a plain word searches as before", async ({ page }) => {
  await open(page, siteUrl("coralstone-mazda", "/search"));
  await ask(page, "mazda cx5 or cx-5 around $30k");
  await expect(chips(page)).toHaveText(["Remove Mazda", "Remove CX-5", "Remove $27,000 – $33,000"]);
  const found = await settled(page, (c) => /^\d{4} Mazda CX-5\b/.test(c.title) && c.price >= 27000 && c.price <= 33000);
  for (const card of found) {
    expect(card.title, card.title).toMatch(/^\d{4} Mazda CX-5\b/);
    expect(card.price, card.title).toBeGreaterThanOrEqual(27000);
    expect(card.price, card.title).toBeLessThanOrEqual(33000);
  }
  await page.getByRole("button", { name: "Remove $27,000 – $33,000" }).click();
  await expect.poll(async () => (await cards(page)).length).toBeGreaterThan(found.length);
  for (const card of await cards(page)) expect(card.title).toMatch(/^\d{4} Mazda CX-5\b/);

  // A word that names no filter is searched as typed.
  await page.getByRole("button", { name: "Clear all" }).click();
  await ask(page, "touring");
  await expect.poll(() => decodedUrl(page)).toBe(siteUrl("coralstone-mazda", "/search?query=touring"));
  await expect(chips(page)).toHaveCount(0);
});

test("harbourline: near a postcode keeps the cars within 50 km, nearest first; reload keeps it; removing the chip widens", async ({ page }) => {
  // Southport (4215) from the embedded table; each location's point from the site's document. Cleveland,
  // 50.8 km away, is just outside.
  const [lat, lng] = (JSON.parse(readFileSync("server/geocoding/au-postcodes.json", "utf8")) as { postcodes: Record<string, [number, number]> }).postcodes["4215"];
  const locations = (JSON.parse(readFileSync("tenants/harbourline.json", "utf8")) as { locations: { name: string; address: { lat: number; long: number } }[] }).locations
    .map((l) => ({ name: l.name, km: distanceKm({ lat, lng }, { lat: l.address.lat, lng: l.address.long }) }))
    .sort((a, b) => b.name.length - a.name.length);
  /** Each card's distance from Southport, by the location it names. */
  const distances = async () =>
    (await page.locator("article").allTextContents()).map((text) => {
      const at = locations.find((l) => text.includes(l.name));
      expect(at, text).toBeDefined();
      return at!.km;
    });

  await open(page, siteUrl("harbourline", "/search"));
  const all = await count(page);
  await ask(page, "near 4215");
  await expect(chips(page)).toHaveText(["Remove Within 50 km of Southport, QLD"]);
  await expect.poll(() => decodedUrl(page)).toBe(siteUrl("harbourline", `/search?near=Southport, QLD&at=${lat},${lng}&within=50`));
  await expect.poll(async () => (await distances()).every((km) => km <= 50)).toBe(true);
  const found = await count(page);
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(all);
  const near = await distances();
  expect(near).toEqual([...near].sort((a, b) => a - b));
  const titles = await page.locator("article h3").allTextContents();

  // The server's render of the URL alone agrees.
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(chips(page)).toHaveText(["Remove Within 50 km of Southport, QLD"]);
  expect(await page.locator("article h3").allTextContents()).toEqual(titles);

  await page.getByRole("button", { name: "Remove Within 50 km of Southport, QLD" }).click();
  await expect(chips(page)).toHaveCount(0);
  await expect.poll(() => count(page)).toBe(all);
  await expect.poll(() => decodedUrl(page)).toBe(siteUrl("harbourline", "/search"));
});
