import { expect, test, type Page } from "@playwright/test";
import { DELIVERY_BAD_POSTCODE, DELIVERY_EMPTY_POSTCODE, DELIVERY_NO_PRICE } from "../../domain/delivery";
import { DISCLAIMER_SHORT_LENGTH } from "../../domain/finance";
import { validateTenant } from "../../domain/tenant-validation";
import { demoTenants, siteUrl, viewports, expectAccessible, reactHydrated } from "./helpers";

// The vehicle page's delivery calculator and content sections on coralstone-mazda, whose
// vehicle-detail page has them all: the calculator's empty-postcode message, its loading state and
// a real quote for 4000 (the cars are at the Cairns yard, 4870: Brisbane Inner City is 1,351 km
// away, the $1,200 band), the no-price message; each section's heading; used-car checks on used
// cars only; Reserve Online with the money-back guarantee; the disclaimer toggle; blog cards.

const SLUG = "coralstone-mazda";
const raw = demoTenants.find((t) => t.identity.slug === SLUG)!;
const checked = validateTenant(raw);
if (!checked.ok) throw new Error(`${SLUG}: tenant document invalid`);
const blocks = checked.document.pages.find((p) => p.template === "vehicle-detail")!.blocks;
const propsOf = <T>(type: string) => blocks.find((b) => b.type === type)!.props as T;

const block = (page: Page, type: string) => page.locator(`[data-block="${type}"]`);

/** The VDP links of search results that offer Reserve This Car (available, not reserved). */
async function reservableCars(page: Page, search: string): Promise<string[]> {
  await page.goto(siteUrl(SLUG, search));
  const cards = page.locator("article").filter({ has: page.getByRole("link", { name: /^Reserve This / }) });
  await expect(cards.first()).toBeVisible();
  return cards.getByRole("link", { name: /^Explore Vehicle/ }).evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "").filter(Boolean));
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${SLUG}`);
});

test("coralstone-mazda: delivery calculator on a used car's page", async ({ page }) => {
  const [href] = await reservableCars(page, "/search/used-cars");
  await page.goto(siteUrl(SLUG, href));
  const calc = block(page, "delivery-calculator");
  await calc.scrollIntoViewIfNeeded();
  await expect(calc.getByRole("heading", { name: "Delivered to Your Door" })).toBeVisible();
  const box = calc.getByRole("textbox", { name: "Postcode" });
  const button = calc.getByRole("button", { name: "Get Estimate" });
  const status = calc.getByRole("status");
  await expect(box).toHaveAttribute("placeholder", "e.g. 4000");
  await expect(box).toHaveAttribute("inputmode", "numeric");
  await expect(box).toHaveAttribute("maxlength", "4");
  await expect(status).toHaveText("");
  await page.waitForLoadState("networkidle");
  await reactHydrated(calc.locator("form").first());

  // Empty: the spec's message, the box marked invalid, no request made.
  let requests = 0;
  page.on("request", (r) => void (r.url().includes("/api/delivery-quote") && requests++));
  await button.click();
  await expect(status).toHaveText(DELIVERY_EMPTY_POSTCODE);
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await box.fill("40");
  await box.press("Enter");
  await expect(status).toHaveText(DELIVERY_BAD_POSTCODE);
  expect(requests).toBe(0);

  // 4000: loading, then the quote from the provider (held back a moment so the loading state shows).
  await page.route("**/api/delivery-quote**", async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await box.fill("4000");
  await button.click();
  await expect(status).toHaveText("Calculating...");
  await expect(status).toHaveText("Estimated delivery to Brisbane Inner City, QLD: $1,200");
  await expect(box).not.toHaveAttribute("aria-invalid", "true");
  expect(requests).toBe(1);
  await page.unroute("**/api/delivery-quote**");

  // Within the car's own region: the local price.
  await box.fill("4870");
  await box.press("Enter");
  await expect(status).toHaveText("Estimated delivery to Cairns, QLD: $150");

  // Unallocated and PO-box-only postcodes: no price.
  for (const postcode of ["0000", "4001"]) {
    await box.fill(postcode);
    await button.click();
    await expect(status).toHaveText(DELIVERY_NO_PRICE);
  }

  // The endpoint itself, as the page calls it: 400 for a bad postcode, never a 500.
  const carSlug = href.split("/").pop()!;
  const answers = await page.evaluate(async (car) => {
    const get = async (q: string) => {
      const r = await fetch(`/api/delivery-quote?${q}`);
      return { status: r.status, body: await r.json() };
    };
    return [await get(`postcode=6000&car=${car}`), await get(`postcode=&car=${car}`), await get(`postcode=60x0&car=${car}`), await get("postcode=4000&car=no-such-car")];
  }, carSlug);
  expect(answers).toEqual([
    { status: 200, body: { price: 2300, name: "Perth - Inner, WA", state: "WA", postcode: "6000", currency: "AUD" } },
    { status: 400, body: { error: DELIVERY_EMPTY_POSTCODE } },
    { status: 400, body: { error: DELIVERY_BAD_POSTCODE } },
    { status: 404, body: { error: "That car is not listed on this site." } },
  ]);
});

test("coralstone-mazda: VDP content sections on a used car, and used-car checks only there", async ({ page }) => {
  const [href] = await reservableCars(page, "/search/used-cars");
  await page.goto(siteUrl(SLUG, href));
  await page.waitForLoadState("networkidle");

  const headings: [string, string][] = [
    ["used-car-checks", "Coralstone Used Car Checks"],
    ["delivery-calculator", "Delivered to Your Door"],
    ["reserve-online", "Reserve Online"],
    ["why-buy-from-us", "Why Buy From Us?"],
    ["whats-included", "What's Included"],
    ["protect-your-car", "Protect Your Car"],
    ["feature-tiles", "Features & Services"],
    ["disclaimer", "Disclaimer"],
    ["blog-posts", "From the Coralstone Blog"],
  ];
  for (const [type, heading] of headings) {
    const section = block(page, type);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
  }
  await expect(block(page, "used-car-checks").getByRole("listitem")).toHaveCount(6);
  await expect(block(page, "protect-your-car").getByText("12 months roadside assist", { exact: true })).toBeVisible();

  // Reserve Online: $200, 48 hours, 100% refundable, the site's buy-online route; the money-back guarantee for a used car.
  const reserve = block(page, "reserve-online");
  await expect(reserve.getByText("Found the one? Secure it with a $200 deposit and we'll hold it for you for 48 hours.")).toBeVisible();
  await expect(reserve.getByText("100% refundable", { exact: true })).toBeVisible();
  await expect(reserve.getByRole("link", { name: "Reserve Now $200" })).toHaveAttribute("href", `${href}/buy-online`);
  await expect(reserve.getByRole("heading", { name: "48-Hour Money-Back Guarantee" })).toBeVisible();
  await expect(reserve.getByText("Limit of 2 cars per customer in 12 months.")).toBeVisible();

  // Disclaimer: the site has the toggle; the pricing text shows its 197-character short form.
  const disclaimer = block(page, "disclaimer");
  const full = propsOf<{ text: string }>("disclaimer").text;
  const short = `${Array.from(full).slice(0, DISCLAIMER_SHORT_LENGTH).join("").trimEnd()}...`;
  await expect(disclaimer.getByText(short, { exact: true })).toBeVisible();
  const more = disclaimer.getByRole("button", { name: "Show More" });
  await reactHydrated(more);
  await more.click();
  await expect(disclaimer.getByText(full, { exact: true })).toBeVisible();
  await disclaimer.getByRole("button", { name: "Show Less" }).click();
  await expect(disclaimer.getByText(short, { exact: true })).toBeVisible();
  // The finance calculator shows the finance disclaimer, so this section does not repeat it.
  await expect(disclaimer.getByText(/comparison rate/)).toHaveCount(0);

  // Blogs: a card per post, description cut to 80 characters, date as day/month/year, READ MORE.
  const blog = block(page, "blog-posts");
  const posts = propsOf<{ posts: { title: string; href: string; description: string }[] }>("blog-posts").posts;
  await expect(blog.getByRole("article")).toHaveCount(posts.length);
  const first = blog.getByRole("article").first();
  await expect(first.getByRole("heading", { name: posts[0].title })).toBeVisible();
  await expect(first.getByText(`${posts[0].description.slice(0, 80).trimEnd()}...`, { exact: true })).toBeVisible();
  await expect(first.getByText("14/10/2026", { exact: true })).toBeVisible();
  // The link names its post for screen readers ("READ MORE: {title}").
  const readMore = first.getByRole("link", { name: /^READ MORE/ });
  await expect(readMore).toHaveAttribute("href", posts[0].href);
  await expect(readMore).toContainText(posts[0].title);
  const image = first.getByRole("img");
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // The sections pass axe's WCAG A/AA rules.
  await expectAccessible(page, "sections", headings.map(([type]) => `[data-block="${type}"]`));

  // A new car: no used-car checks and no money-back guarantee; the other sections stay.
  const [newHref] = await reservableCars(page, "/search/new-cars");
  await page.goto(siteUrl(SLUG, newHref));
  await expect(block(page, "why-buy-from-us").getByRole("heading", { name: "Why Buy From Us?" })).toBeVisible();
  await expect(block(page, "delivery-calculator")).toHaveCount(1);
  await expect(block(page, "used-car-checks")).toHaveCount(0);
  await expect(block(page, "reserve-online").getByRole("link", { name: "Reserve Now $200" })).toBeVisible();
  await expect(block(page, "reserve-online").getByText("48-Hour Money-Back Guarantee")).toHaveCount(0);
});

for (const [label, viewport] of Object.entries(viewports)) {
  test(`coralstone-mazda: VDP sections screenshot at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const [href] = await reservableCars(page, "/search/used-cars");
    await page.goto(siteUrl(SLUG, href));
    await page.waitForLoadState("networkidle");
    const calc = block(page, "delivery-calculator");
    await reactHydrated(calc.locator("form").first());
    // A fiber on the form can come before React has committed it: a click then submits the form
    // natively (the page reloads, the status stays empty), so the estimate is asked again until answered.
    await expect(async () => {
      await calc.getByRole("textbox", { name: "Postcode" }).fill("7000");
      await calc.getByRole("button", { name: "Get Estimate" }).click();
      await expect(calc.getByRole("status")).toHaveText("Estimated delivery to Hobart, TAS: $2,350", { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    // No section wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Lazy blog images load once near the screen.
    for (const img of await block(page, "blog-posts").getByRole("img").all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    }
    // From the used-car checks to the blog, in screen-high parts (the sticky header hidden).
    await page.addStyleTag({ content: "header, [class*=sticky] { position: static !important; }" });
    const top = await block(page, "used-car-checks").evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const bottom = await block(page, "blog-posts").evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    const step = label === "phone" ? 1600 : 2400;
    for (let y = top, i = 0; y < bottom; y += step, i++) {
      await page.screenshot({ path: `/tmp/vdp-sections-${label}-${i}.jpg`, fullPage: true, clip: { x: 0, y, width: viewport.width, height: Math.min(step, bottom - y) } });
    }
  });
}
