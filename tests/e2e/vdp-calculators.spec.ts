import { expect, test, type Page } from "@playwright/test";
import {
  DISCLAIMER_SHORT_LENGTH,
  calculateRepayment,
  carLoan,
  fillLoanText,
  loanTexts,
  loanWeekly,
} from "../../domain/finance";
import { FINANCE_FORM_ANCHOR } from "../../domain/finance-links";
import {
  boundsHelp,
  clampToBounds,
  parseEntry,
  sliderFromTerm,
  termBounds,
  termFromSlider,
} from "../../domain/finance-entry";
import { fuelCalculatorDefaults, weeklyFuelCost } from "../../domain/fuel";
import { validateTenant } from "../../domain/tenant-validation";
import { formatMoney } from "../../domain/vehicle-display";
import { axeProblems, demoTenants, reactHydrated, siteUrl, viewports } from "./helpers";

// The VDP's finance and fuel calculators on every demo site whose vehicle-detail page has them:
// a priced car from /search, no help at rest, an amount below the minimum (help text, clamp on leaving the box),
// term and frequency changes checked against the domain's repayment, one analytics event, the
// quote link and disclaimer, and the fuel cost from the site's defaults and after a change.

const calculatorsOf = (page: Page) => ({
  finance: page.locator("#finance-calculator"),
  fuel: page.locator("section").filter({ has: page.getByTestId("fuel-result") }),
});

for (const raw of demoTenants) {
  const checked = validateTenant(raw);
  if (!checked.ok) throw new Error(`${raw.identity.slug}: tenant document invalid`);
  const tenant = checked.document; // schema defaults applied, as the page sees it
  const { slug } = tenant.identity;
  const blocks = tenant.pages.find((p) => p.template === "vehicle-detail")?.blocks ?? [];
  const hasFinance = blocks.some((b) => b.type === "finance-calculator") && tenant.features.calculators.finance && !!tenant.finance.provider;
  const hasFuel = blocks.some((b) => b.type === "fuel-calculator") && tenant.features.calculators.fuel;
  if (!hasFinance && !hasFuel) continue;

  const identity = { locale: tenant.identity.locale, currency: tenant.identity.currency };
  const money = (n: number) => formatMoney(n, identity, Number.isInteger(n) ? 0 : 2);
  const settings = tenant.finance.calculator;

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  });

  test(`${slug}: VDP finance and fuel calculators`, async ({ page }) => {
    // A priced car from the search page (first card with a price; Explore Vehicle), skipping any the
    // site's finance rules exclude or, for the fuel calculator, electric ones.
    await page.goto(siteUrl(slug, "/search"));
    const explore = page
      .locator("article")
      .filter({ has: page.locator('[data-kind="price"]') })
      .getByRole("link", { name: /^Explore Vehicle/ });
    await expect(explore.first()).toBeVisible();
    const hrefs = (await explore.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).filter((h): h is string => !!h).slice(0, 10);
    let found = false;
    for (const href of hrefs) {
      await page.goto(siteUrl(slug, href));
      const { finance, fuel } = calculatorsOf(page);
      if ((!hasFinance || (await finance.count())) && (!hasFuel || (await fuel.count()))) {
        found = true;
        break;
      }
    }
    expect(found, "a priced car whose page shows the calculators").toBe(true);
    await page.waitForLoadState("networkidle");
    const { finance, fuel } = calculatorsOf(page);

    if (hasFinance) {
      await finance.scrollIntoViewIfNeeded();
      const amountBox = finance.getByRole("textbox", { name: "Loan amount" });
      const amountSlider = finance.getByRole("slider", { name: "Loan amount" });
      const min = Number(await amountSlider.getAttribute("min"));
      const max = Number(await amountSlider.getAttribute("max"));
      expect(min).toBe(settings.amount.min);

      // At rest no input says "Cannot be less than…", also where a value starts at its bound (Bluegum's 5-year term).
      await expect(finance.getByText(/Cannot be less than/)).toHaveCount(0);

      // Below the minimum: "$" and "," read, help text at once, clamped on leaving the box.
      const help = boundsHelp(min / 2, { min, max }, money)!;
      expect(help).toBe(`Cannot be less than ${money(min)} or more than ${money(max)}.`);
      await reactHydrated(amountBox);
      await amountBox.fill(`$${min / 2}`);
      const describedBy = await amountBox.getAttribute("aria-describedby");
      expect(describedBy).toBeTruthy();
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(help);
      await amountBox.press("Tab");
      expect(parseEntry(await amountBox.inputValue())).toBe(min);
      await expect(finance.getByText(help)).toBeVisible(); // it stays, saying why the box now holds the minimum
      // A negative entry counts as 0, then clamps to the minimum too.
      await amountBox.fill("-5000");
      await amountBox.press("Tab");
      expect(parseEntry(await amountBox.inputValue())).toBe(min);

      // One analytics event (26) for the first change, however many follow.
      const amount = clampToBounds(20000, { min, max });
      await amountBox.fill(String(amount));
      await amountBox.press("Tab");
      await expect(finance.getByText(help)).toHaveCount(0);

      // Term: 3 years typed (snapped to the nearest custom increment where the site has them).
      const termBox = finance.getByRole("textbox", { name: "Loan term" });
      await termBox.fill("3");
      await termBox.press("Tab");
      const term = termFromSlider(settings, sliderFromTerm(settings, clampToBounds(3, termBounds(settings))));
      expect(parseEntry(await termBox.inputValue())).toBe(term);

      // Frequency: Fortnightly.
      const fortnightly = finance.getByRole("button", { name: "Fortnightly" });
      await fortnightly.click();
      await expect(fortnightly).toHaveAttribute("aria-pressed", "true");
      await expect(finance.getByRole("button", { name: "Weekly" })).toHaveAttribute("aria-pressed", "false");

      const interest = parseEntry(await finance.getByRole("textbox", { name: "Interest rate" }).inputValue());
      const deposit = settings.showDepositAndResidual ? parseEntry(await finance.getByRole("textbox", { name: "Deposit / trade-in" }).inputValue()) : 0;
      const residual = settings.showDepositAndResidual ? parseEntry(await finance.getByRole("textbox", { name: "Residual (balloon)" }).inputValue()) : 0;
      const result = calculateRepayment({ amount, term, interest, deposit, residual, frequency: "fortnightly" }, settings);
      await expect(finance.getByText("Fortnightly repayment", { exact: true })).toBeVisible();
      if (result.kind === "repayment") {
        await expect(finance.getByTestId("finance-repayment")).toHaveText(`${formatMoney(result.repayment, identity)} /fn`);
        await expect(finance.getByTestId("finance-total")).toHaveText(money(result.total));
        // The live region speaks it after a pause.
        await expect(finance.locator('[aria-live="polite"]')).toHaveText(`Fortnightly repayment ${formatMoney(result.repayment, identity)}, total repayments ${money(result.total)}`);
      } else {
        await expect(finance.getByTestId("finance-repayment")).toHaveText("Enquire for Finance");
        await expect(finance.getByTestId("finance-total")).toHaveText("");
      }
      const events = await page.evaluate(() => ((window as unknown as { dataLayer?: { id: number }[] }).dataLayer ?? []).filter((e) => e.id === 26).length);
      expect(events, "one finance calculator event per page view").toBe(1);

      // Request a Quote: the site's finance link (or /finance) with the car, anchored to the form.
      const quote = finance.getByRole("link", { name: "Request a Quote" });
      const url = new URL((await quote.getAttribute("href"))!, siteUrl(slug, "/"));
      expect(url.pathname).toBe(new URL(tenant.finance.defaultLink ?? "/finance", siteUrl(slug, "/")).pathname);
      expect(url.searchParams.get("car_id")).toBeTruthy();
      expect(url.searchParams.get("vehiclePriceBudget")).toMatch(/^\d+(\.\d+)?$/);
      expect(["new", "demo", "used"]).toContain(url.searchParams.get("car_type"));
      expect(url.hash).toBe(`#${FINANCE_FORM_ANCHOR}`);

      // The disclaimer, with the short / full toggle where the site has it; the loan it states is the visitor's.
      const disclaimer = page.locator("#financeDisclaimer");
      const text = tenant.finance.disclaimer && fillLoanText(tenant.finance.disclaimer, loanTexts({ amount, term, interest }, identity));
      if (text) {
        if (tenant.features.financeDisclaimerToggle && Array.from(text).length > DISCLAIMER_SHORT_LENGTH) {
          const more = disclaimer.getByRole("button", { name: "Show More" });
          await expect(more).toHaveAttribute("aria-expanded", "false");
          await more.click();
          await expect(disclaimer.getByText(text, { exact: true })).toBeVisible();
          await disclaimer.getByRole("button", { name: "Show Less" }).click();
          await expect(disclaimer.getByText(text, { exact: true })).toHaveCount(0);
        } else {
          await expect(disclaimer.getByText(text, { exact: true })).toBeVisible();
        }
      }
    }

    if (hasFuel) {
      await fuel.scrollIntoViewIfNeeded();
      const defaults = fuelCalculatorDefaults(tenant.features);
      const cost = (n: number) => formatMoney(n, identity, 2);
      await expect(fuel.getByTestId("fuel-result")).toHaveText(`Estimated fuel cost ${cost(weeklyFuelCost(defaults))} per week`);
      await expect(fuel.getByRole("textbox", { name: /^Fuel price/ })).toHaveValue(String(defaults.pricePerLitre));
      await fuel.getByRole("textbox", { name: /^Distance/ }).fill("400");
      await fuel.getByRole("textbox", { name: /^Fuel consumption/ }).fill("7.5");
      await expect(fuel.getByTestId("fuel-result")).toHaveText(`Estimated fuel cost ${cost(weeklyFuelCost({ ...defaults, kmPerWeek: 400, litresPer100km: 7.5 }))} per week`);
    }

    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await (hasFinance ? finance : fuel).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/vdp-calc-${slug}-${viewport.width}.jpg`, fullPage: true });
    }
  });
}

// One loan per car page (issue 29): the finance card, the sticky header and the calculator's banner
// show one figure, the disclaimer states its rate, and all follow the calculator. Once, on Bluegum
// (the spec's 12.94% site, which starts from the car's price).
test("bluegum: the finance card, sticky header, calculator and disclaimer state one loan, and follow the calculator", async ({ page }) => {
  const checked = validateTenant(demoTenants.find((t) => t.identity.slug === "bluegum")!);
  if (!checked.ok) throw new Error("bluegum: tenant document invalid");
  const tenant = checked.document;
  const identity = { locale: tenant.identity.locale, currency: tenant.identity.currency };
  const settings = tenant.finance.calculator;
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), "forecourt:popup-dismissed:bluegum");
  await page.goto(siteUrl("bluegum", "/search"));
  const explore = page.locator("article").filter({ has: page.locator('[data-kind="price"]') }).getByRole("link", { name: /^Explore Vehicle/ });
  await expect(explore.first()).toBeVisible();
  const hrefs = (await explore.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).filter((h): h is string => !!h).slice(0, 10);
  const card = page.getByTestId("finance-card-figure");
  let found = false;
  for (const href of hrefs) {
    await page.goto(siteUrl("bluegum", href));
    if ((await card.count()) && (await page.locator("#finance-calculator").count())) {
      found = true;
      break;
    }
  }
  expect(found, "a car whose page shows the finance card and the calculator").toBe(true);
  const sticky = page.getByTestId("sticky-finance-figure");
  const banner = page.getByTestId("finance-banner");
  const bar = page.locator("[data-vdp-bar]");
  const disclaimer = page.locator("#financeDisclaimer");
  const amountBox = page.locator("#finance-calculator").getByRole("textbox", { name: "Loan amount" });

  // As served: the car's price over 5 years at 12.94%, the same weekly figure in all three places.
  const price = parseEntry(await amountBox.inputValue());
  const loan = carLoan(tenant.finance, { price });
  expect(loan).toMatchObject({ amount: price, term: 5, interest: 12.94 });
  const opening = formatMoney(loanWeekly(loan, settings)!, identity);
  await expect(card).toHaveText(`Only ${opening}/wk*`);
  await expect(banner).toHaveText(`Only ${opening}/wk*`);
  await expect(sticky).toHaveText(`Est. ${opening}/wk*`);
  await expect(page.locator('[data-block="vehicle-summary"]')).toContainText("12.94% p.a. interest rate");
  await expect(bar).toContainText("at 12.94% p.a.");
  await expect(disclaimer).toContainText(`a loan of ${formatMoney(price, identity)} over 5 years at an interest rate of 12.94% p.a.`);

  // The visitor types 25k: read as $25,000, and every figure follows.
  await reactHydrated(amountBox);
  await amountBox.fill("25k");
  await expect(page.locator("#finance-calculator").getByText("Read as $25,000.")).toBeVisible();
  const moved = formatMoney(loanWeekly({ ...loan, amount: 25000 }, settings)!, identity);
  expect(moved).not.toBe(opening);
  await expect(banner).toHaveText(`Only ${moved}/wk*`);
  await expect(card).toHaveText(`Only ${moved}/wk*`);
  await expect(sticky).toHaveText(`Est. ${moved}/wk*`);
  await expect(disclaimer).toContainText("a loan of $25,000 over 5 years at an interest rate of 12.94% p.a.");
  await amountBox.press("Tab");
  await expect(amountBox).toHaveValue("25,000");

  // Beyond the bounds: the bounds message, tied to the box, which axe finds nothing wrong with.
  await amountBox.fill("-20000");
  await expect(amountBox).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`[id="${await amountBox.getAttribute("aria-describedby")}"]`)).toHaveText("Cannot be less than $5,000 or more than $100,000.");
  await expect(card).toHaveText(`Only ${formatMoney(loanWeekly({ ...loan, amount: 5000 }, settings)!, identity)}/wk*`);
  expect(await axeProblems(page, "finance calculator", ["#finance-calculator"])).toEqual([]);
});
