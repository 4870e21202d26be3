import { expect, test, type Locator } from "@playwright/test";
import { contactLocations, contactSlug, directionsUrl, shownLocations } from "../../domain/locations";
import { holidayHours, locationDepartments, weeklyHours, type Department } from "../../domain/opening-hours";
import { documentTitle } from "../../domain/page-title";
import type { Location } from "../../schemas/generated/tenant";
import { dealerLicenceText } from "../../domain/terms";
import { demoTenants, perSite, siteUrl, viewports, expectAccessible, reactHydrated } from "./helpers";

// Issue 15, locations: from each demo site's footer to a location page (hours per department against
// domain/opening-hours, the Holiday Opening Hours dialog by keyboard, Get Directions), its
// /contact-us/{slug} page, and the Our Locations carousel's arrows and keys; axe and screenshots.

const LABELS: Record<Department, string> = { sales: "Sales", service: "Service", parts: "Parts" };

/**
 * Whether the enquiry form on a location's pages has a location choice: the tenant document's
 * forms.enquiry.fields.location.show (off unless set). Coralstone's leaves it out; the rest show it.
 */
const LOCATION_CHOICE: Record<string, boolean> = {
  bluegum: true,
  "coralstone-mazda": false,
  harbourline: true,
  "kowhai-motors": true,
  redgate: true,
  "wattle-creek": true,
};


/** The [days, hours] rows of an hours table, "(today)" left out. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((r) => [r.querySelector("th")!.textContent!.replace(" (today)", "").trim(), r.querySelector("td")!.textContent!.trim()]),
  );
}

const expectedRows = (location: Location, week: string, department?: Department) =>
  weeklyHours(location, { week, department }).map((r) => [r.days, r.holiday ? `${r.hours} (${r.holiday})` : r.hours]);

for (const tenant of demoTenants) {
  const { slug } = tenant.identity;
  const shown = shownLocations(tenant.locations);
  // The location with the most departments (a service-and-parts one has a selector), else the first.
  const location = [...shown].sort((a, b) => locationDepartments(b).length - locationDepartments(a).length)[0];

  test(`${slug}: footer → ${location.slug}: hours per department, Holiday Opening Hours by keyboard, Get Directions, then its /contact-us page`, async ({ page }) => {
    // A site's popup (Coralstone's) is dismissed as a visitor would have done before (accessibility.spec.ts covers it).
    await page.addInitScript((key) => localStorage.setItem(key, "1"), `forecourt:popup-dismissed:${slug}`);
    await page.goto(siteUrl(slug, "/"));
    const footer = page.locator("footer").last();
    // Every shown location is linked from the footer with its licence number.
    for (const l of shown) await expect(footer.getByRole("link", { name: l.name, exact: true })).toHaveAttribute("href", `/locations/${l.slug}`);
    if (location.dealer_license_number) await expect(footer).toContainText(dealerLicenceText(location.dealer_license_number, location.address.state, tenant.identity.locale)!);
    await footer.getByRole("link", { name: location.name, exact: true }).click();
    await expect(page).toHaveURL(siteUrl(slug, `/locations/${location.slug}`));
    await expect(page).toHaveTitle(documentTitle(location.name, tenant.identity.name));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(`^${location.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `));

    const info = page.locator(`[data-block="location-info"] article[data-location="${location.slug}"]`);
    await expect(info.getByRole("heading", { level: 2, name: location.name })).toBeVisible();
    const departments = locationDepartments(location);
    const table = info.locator("table[data-week]:visible");
    const week = (await table.getAttribute("data-week"))!;
    await expect(table.locator("caption")).toHaveText(departments[0] ? `${LABELS[departments[0]]} opening hours` : "Opening hours");
    expect(await tableRows(table)).toEqual(expectedRows(location, week, departments[0]));

    // Holiday Opening Hours: the department's special hours from today, opened and closed by keyboard.
    const holidays = holidayHours(location, new Date(0), tenant.identity.timeZone, departments[0]).filter((h) => h.date >= week);
    const opener = info.getByRole("button", { name: "Holiday Opening Hours" }).locator("visible=true");
    if (holidays.length) {
      await opener.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Holiday Opening Hours" });
      await expect(dialog).toBeVisible();
      const rows = await dialog.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
      expect(rows).toEqual(holidays.map((h) => [h.dateText, h.name ?? "", h.hours]));
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    } else {
      await expect(opener).toHaveCount(0);
    }

    // Another department: its own table.
    if (departments.length > 1) {
      const selector = info.getByRole("group", { name: "Department" });
      await expect(selector.getByRole("button", { name: LABELS[departments[0]] })).toHaveAttribute("aria-pressed", "true");
      const other = departments[1];
      await reactHydrated(selector.getByRole("button", { name: LABELS[other] }));
      await selector.getByRole("button", { name: LABELS[other] }).click();
      await expect(selector.getByRole("button", { name: LABELS[other] })).toHaveAttribute("aria-pressed", "true");
      await expect(table.locator("caption")).toHaveText(`${LABELS[other]} opening hours`);
      expect(await tableRows(table)).toEqual(expectedRows(location, week, other));
    }

    await expect(info.getByRole("link", { name: /^Get Directions/ })).toHaveAttribute("href", directionsUrl(location));
    await expect(info.getByRole("link", { name: /^Get Directions/ })).toHaveAttribute("target", "_blank");
    if (location.dealer_license_number) await expect(info).toContainText(dealerLicenceText(location.dealer_license_number, location.address.state, tenant.identity.locale)!);
    if (location.motor_vehicle_repairer) await expect(info).toContainText(`Motor vehicle repairer ${location.motor_vehicle_repairer}`);
    // The enquiry form starts at this location on a site whose form has a location choice, and has none on the others.
    const select = page.locator('[data-block="enquiry-form"] select[name="location_id"]');
    const choice = perSite(LOCATION_CHOICE, slug);
    if (choice) await expect(select).toHaveValue(String(location.id));
    else await expect(select).toHaveCount(0);
    await expectAccessible(page, `/locations/${location.slug}`);

    // /contact-us/{slug}: the site's departments there, each with its hours; the form's locations limited to them.
    const contact = contactSlug(location.name);
    const there = contactLocations(tenant.locations, contact);
    const response = await page.goto(siteUrl(slug, `/contact-us/${contact}`));
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-block="location-info"]').getByRole("heading", { level: 2 })).toHaveText(there.map((l) => l.name));
    for (const l of there) await expect(page.locator(`article[data-location="${l.slug}"] table[data-week]:visible`)).toHaveCount(1);
    await expect(select).toHaveCount(choice ? 1 : 0);
    if (choice) {
      const offered = await select.locator("option:not([value=''])").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(offered.every((v) => there.some((l) => String(l.id) === v))).toBe(true);
    }
    await expectAccessible(page, `/contact-us/${contact}`);

    expect((await page.goto(siteUrl(slug, "/locations/no-such-place")))?.status()).toBe(404);
  });
}

test("a location page and the contact page look right at phone and desktop widths", async ({ page }) => {
  const shots: [string, string, string][] = [
    ["kowhai-motors", "/locations/kowhai-motors-penrose-service", "location"],
    ["harbourline", "/contact-us/harbourline-toyota-cleveland", "contact"],
  ];
  for (const [slug, path, label] of shots) {
    for (const [width, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(siteUrl(slug, path));
      await page.screenshot({ path: `test-results/screenshots/locations-${slug}-${label}-${width}.jpg`, fullPage: true });
      await page.locator('[data-block="location-info"]').screenshot({ path: `test-results/screenshots/locations-${slug}-${label}-info-${width}.jpg` });
    }
  }
  // A location page shows its map; with no tile server reachable, a drawing of the place that links to its directions.
  await page.route("https://tile.openstreetmap.org/**", (route) => route.abort("internetdisconnected"));
  const penrose = demoTenants.find((t) => t.identity.slug === "kowhai-motors")!.locations.find((l) => l.slug === "kowhai-motors-penrose-service")!;
  await page.goto(siteUrl("kowhai-motors", "/locations/kowhai-motors-penrose-service"));
  const drawn = page.getByTestId("drawn-map");
  await expect(drawn).toHaveAttribute("aria-label", `Map of ${penrose.name}`);
  await expect(drawn.getByRole("link", { name: new RegExp(`^${penrose.name} Get Directions`) })).toHaveAttribute("href", directionsUrl(penrose));
  await drawn.screenshot({ path: "test-results/screenshots/locations-kowhai-motors-drawn-map-desktop.jpg" });
  await expectAccessible(page, "a location page's drawn map");
  await page.unrouteAll({ behavior: "ignoreErrors" });

  // The dialog open, on a phone.
  await page.setViewportSize(viewports.phone);
  await page.goto(siteUrl("kowhai-motors", "/locations/kowhai-motors-penrose-service"));
  await page.getByRole("button", { name: "Holiday Opening Hours" }).locator("visible=true").click();
  await expect(page.getByRole("dialog", { name: "Holiday Opening Hours" })).toBeVisible();
  await expectAccessible(page, "the Holiday Opening Hours dialog");
  await page.screenshot({ path: "test-results/screenshots/locations-kowhai-motors-holiday-dialog-phone.jpg" });
});

test("without JavaScript (a tap before hydration) the Holiday Opening Hours button still opens its dialog, and Esc closes it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(siteUrl("kowhai-motors", "/locations/kowhai-motors-penrose-service"));
  const opener = page.getByRole("button", { name: "Holiday Opening Hours" }).locator("visible=true");
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Holiday Opening Hours" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("tbody tr").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await context.close();
});

test("harbourline: the Our Locations carousel — arrows disabled at the ends, arrow keys scroll, View Location", async ({ page }) => {
  const tenant = demoTenants.find((t) => t.identity.slug === "harbourline")!;
  const names = shownLocations(tenant.locations).map((l) => l.name).sort((a, b) => a.localeCompare(b, "en"));
  await page.setViewportSize(viewports.desktop);
  await page.goto(siteUrl("harbourline", "/"));
  const section = page.locator('[data-block="locations-carousel"]');
  await expect(section.getByRole("heading", { level: 2, name: "Our Locations" })).toBeVisible();
  await expect(section.locator("article h3")).toHaveText(names);
  // 14 locations: no swipe hint on a large screen.
  await expect(section.getByText("Swipe to see more locations")).toBeHidden();
  const row = section.getByRole("list", { name: "Our Locations" });
  const previous = section.getByRole("button", { name: "Previous" });
  const next = section.getByRole("button", { name: "Next" });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/locations-harbourline-carousel-desktop.jpg" });

  await reactHydrated(row);
  await row.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(previous).toBeEnabled();
  // The row's focus ring, after a keyboard scroll.
  await section.screenshot({ path: "test-results/screenshots/locations-harbourline-carousel-focus-desktop.jpg" });
  await page.keyboard.press("End");
  await expect(next).toBeDisabled();
  await expect.poll(() => row.evaluate((el) => Math.round(el.scrollLeft + el.clientWidth - el.scrollWidth))).toBeGreaterThanOrEqual(-1);
  await page.keyboard.press("ArrowLeft");
  await expect(next).toBeEnabled();
  await page.keyboard.press("Home");
  await expect(previous).toBeDisabled();
  await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(0);
  // The next button scrolls too.
  await next.click();
  await expect(previous).toBeEnabled();
  await expectAccessible(page, "/ (carousel)");

  await page.setViewportSize(viewports.phone);
  await page.reload();
  await expect(section.getByText("Swipe to see more locations")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/locations-harbourline-carousel-phone.jpg" });
  await section.getByRole("link", { name: `View Location: ${names[0]}`, exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/[a-z0-9-]+$/);
  await expect(page.locator('[data-block="location-info"]').getByRole("heading", { level: 2 })).toHaveText(names[0]);
});
