import { expect, test, type Page } from "@playwright/test";
import { demoTenants, siteUrl, viewports, expectAccessible } from "./helpers";
import { signInWithForm } from "./sign-in";
import { AUTHENTICATION_FAILED } from "../../server/payments/embedded";
import { NOT_THE_BUYER, NOT_YOUR_RESERVATION } from "../../domain/vdp-rules";
import { RESERVE_SIGN_IN_REQUIRED } from "../../domain/gated-routes";

// Reserve online as a person uses it (issue 16; spec leads §2 routes, §4, §9): on each site with
// reserve online, from a search result card or the vehicle page, through the checkout page, the
// embedded payment provider (its test cards; 3-D Secure on its own page) and the confirmation; then
// the car is RESERVED in search and on its page, with no Reserve button.
//   bluegum       desktop  a declined card (message, nothing reserved) → 4242 → reserved → another browser with the
//                          link sees no payment reference and cannot cancel → the buyer cancels (refunded, released)
//   coralstone    phone    /buy-online from the VDP, 3-D Secure completed → reserved
//   wattle-creek  desktop  $500 / 72 hours; 3-D Secure failed (not reserved) → 4242 → reserved
//   harbourline   phone    a card's Reserve → reserved; /checkout-journey from the VDP's Buy Online (4 steps)
// Harbourline gates "checkout": its visitor signs in first (signInIfGated) and finds the reservation in My Garage;
// an anonymous POST /api/reservations there is refused (401) like the page.

test.describe.configure({ mode: "serial" });

// A visitor who has already dismissed the sites' popups (tests/e2e/accessibility.spec.ts covers them).
test.beforeEach(async ({ page }) => {
  await page.addInitScript((slugs) => {
    for (const s of slugs) localStorage.setItem(`forecourt:popup-dismissed:${s}`, "1");
  }, demoTenants.map((t) => t.identity.slug));
});

const SHOTS = "test-results/screenshots";
const tenant = (slug: string) => demoTenants.find((t) => t.identity.slug === slug)!;
/** What the caravan site reserves, in its words (domain/vehicle-terms.ts). */
const VAN = /(?:caravan|camper trailer)/;


/** A visitor of this spec's own (its own number, so no other spec uses up its sign-in codes). */
const BUYER = { mobile: "0412 700 731", e164: "+61412700731", masked: "04xx xxx 731" };

/**
 * The sign-in step of a site that gates checkout (leads §4 gated pages): the Reserve link lands on
 * /sign-in?type=checkout with the checkout as redirect; signing in comes back to it. Once signed
 * in, the visitor goes straight through.
 */
async function signInIfGated(page: Page, slug: string) {
  if (!tenant(slug).features.auth?.gatedRoutes?.includes("checkout")) return;
  await page.waitForLoadState("domcontentloaded");
  const at = new URL(page.url());
  if (at.pathname !== "/sign-in") return;
  expect(at.searchParams.get("type")).toBe("checkout");
  const target = at.searchParams.get("redirect")!;
  expect(target).toMatch(/^\/(cars\/[a-z0-9-]+\/checkout|checkout-journey\?car_id=[a-z0-9-]+)$/);
  await signInWithForm(page, BUYER);
  await expect(page).toHaveURL(siteUrl(slug, target));
}

/** The first search result a visitor can reserve: its title, its page and its Reserve link. */
async function firstReservable(page: Page, slug: string) {
  await page.goto(siteUrl(slug, "/search"));
  // An electric or hybrid car's fuel tag outranks RESERVED (spec §4 card tag precedence): one without, so the tag shows.
  const card = page
    .locator("article")
    .filter({ has: page.getByRole("link", { name: /^Reserve This / }), hasNot: page.locator('[data-kind="fuel"]') })
    .first();
  await expect(card).toBeVisible();
  const title = card.locator("h3 a");
  return { card, name: (await title.innerText()).trim(), path: (await title.getAttribute("href"))!, reserve: card.getByRole("link", { name: /^Reserve This / }) };
}

async function fillDetails(page: Page) {
  // The form's script has run (its button is enabled then): what is typed before would be reset.
  await expect(page.getByTestId("reserve-form").locator('button[type="submit"]')).toBeEnabled();
  await page.getByLabel(/^First Name/).fill("Ada");
  await page.getByLabel(/^Last Name/).fill("Lovelace");
  await page.getByLabel(/^Email Address/).fill("ada@example.com");
  await page.getByLabel(/^Phone Number/).fill("0412 345 678");
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel(/^Card number/).fill(number);
  await page.getByLabel(/^Expiry/).fill("12/30");
  await page.getByLabel(/^Security code/).fill("123");
}

/** The confirmation: the payment reference and the hold-until time. `noun`: the words of the vehicle's kind (issue 29). */
async function expectReserved(page: Page, noun: string | RegExp = "car") {
  await expect(page).toHaveURL(/\/reservation\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(typeof noun === "string" ? `Your ${noun} is reserved` : new RegExp(`Your ${noun.source} is reserved`));
  await expect(page.getByTestId("payment-reference")).toHaveText(/^pay_[0-9a-f]{24}$/);
  await expect(page.getByTestId("hold-until")).not.toBeEmpty();
}

/** The car shows RESERVED with no Reserve button on its page and in search. */
async function expectShownReserved(page: Page, slug: string, car: { name: string; path: string }) {
  await page.goto(siteUrl(slug, car.path));
  const summary = page.locator('[data-block="vehicle-summary"]').first();
  await expect(summary.getByText("RESERVED", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Reserve (This Car|Now)/ })).toHaveCount(0);
  await page.goto(siteUrl(slug, "/search"));
  const card = page.locator("article").filter({ has: page.locator(`h3 a[href="${car.path}"]`) });
  await expect(card.getByText("RESERVED", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: /^Reserve This / })).toHaveCount(0);
}

test("bluegum (desktop): a declined card reserves nothing; 4242 reserves; a stranger cannot cancel; the buyer cancels, refunded and released", async ({ page, browser }) => {
  await page.setViewportSize(viewports.desktop);
  const car = await firstReservable(page, "bluegum");
  await car.reserve.click();
  await expect(page).toHaveURL(new RegExp(`/cars/[a-z0-9-]+/checkout$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserve this car");
  await expect(page.getByText("The car is held for you for 48 hours")).toBeVisible();
  // Nothing typed: every field says what it needs.
  await page.getByRole("button", { name: "Reserve Now $200" }).click();
  await expect(page.getByText("Enter your card number.")).toBeVisible();
  await expectAccessible(page, "checkout with errors");
  await fillDetails(page);
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Reserve Now $200" }).click();
  await expect(page.getByTestId("reserve-error")).toHaveText("Your card was declined. The car has not been reserved and nothing was charged.");
  await page.screenshot({ path: `${SHOTS}/reserve-bluegum-declined-desktop.jpg`, fullPage: true });
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Reserve Now $200" }).click();
  await expectReserved(page);
  await expectAccessible(page, "confirmation");
  await page.screenshot({ path: `${SHOTS}/reserve-bluegum-confirmation-desktop.jpg`, fullPage: true });
  const confirmation = page.url();
  await expectShownReserved(page, "bluegum", car);
  // Another browser with the link: the car, no payment reference, no Cancel; its cancel request is refused.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(confirmation);
  await expect(strangerPage.getByRole("heading", { level: 1 })).toHaveText("Reservation");
  await expect(strangerPage).toHaveTitle("Reservation | Bluegum Pre-Owned");
  await expect(strangerPage.getByText(NOT_YOUR_RESERVATION)).toBeVisible();
  await expect(strangerPage.getByText(/pay_[0-9a-f]{24}/)).toHaveCount(0);
  await expect(strangerPage.getByRole("button", { name: "Cancel reservation" })).toHaveCount(0);
  const refused = await strangerPage.evaluate(async (id) => {
    const res = await fetch(`/api/reservations/${id}/cancel`, { method: "POST" });
    return { status: res.status, message: ((await res.json()) as { message: string }).message };
  }, confirmation.split("/").pop()!);
  expect(refused).toEqual({ status: 403, message: NOT_THE_BUYER });
  await stranger.close();
  // Cancel within the hold: the deposit refunded, the car free again.
  await page.goto(confirmation);
  await page.getByRole("button", { name: "Cancel reservation" }).click();
  await page.getByRole("button", { name: "Yes, cancel and refund" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your reservation is cancelled");
  await expect(page.getByText(/Your deposit of \$200 \(payment reference pay_[0-9a-f]{24}\) has been refunded/)).toBeVisible();
  await page.goto(siteUrl("bluegum", car.path));
  await expect(page.locator('[data-block="vehicle-summary"]').first().getByText("RESERVED", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Reserve This / }).first()).toBeVisible();
});

test("coralstone-mazda (phone): /buy-online from the vehicle page, 3-D Secure completed on the provider's page", async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  const car = await firstReservable(page, "coralstone-mazda");
  await page.goto(siteUrl("coralstone-mazda", car.path));
  // The Reserve Online section's button (spec leads §9: "Reserve Now {amount}").
  await page.locator('[data-block="reserve-online"]').getByRole("link", { name: "Reserve Now $200" }).click();
  await expect(page).toHaveURL(/\/buy-online$/);
  // The other route is not this site's.
  const here = page.url();
  expect((await page.goto(siteUrl("coralstone-mazda", `${car.path}/checkout`)))?.status()).toBe(404);
  await page.goto(here);
  await expectAccessible(page, "buy-online");
  await page.screenshot({ path: `${SHOTS}/reserve-coralstone-checkout-phone.jpg`, fullPage: true });
  await fillDetails(page);
  await fillCard(page, "4000 0027 6000 3184");
  await page.getByRole("button", { name: "Reserve Now $200" }).click();
  await expect(page.getByRole("heading", { name: "Verify your payment" })).toBeVisible();
  await expectAccessible(page, "3-D Secure page");
  await page.screenshot({ path: `${SHOTS}/reserve-coralstone-3ds-phone.jpg`, fullPage: true });
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expectReserved(page);
  await page.screenshot({ path: `${SHOTS}/reserve-coralstone-confirmation-phone.jpg`, fullPage: true });
  await expectShownReserved(page, "coralstone-mazda", car);
});

test("wattle-creek (desktop): $500 held 72 hours; a failed 3-D Secure reserves nothing; then 4242 reserves", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  expect(tenant("wattle-creek").features.reserveOnline).toMatchObject({ deposit: 500, holdHours: 72 });
  const car = await firstReservable(page, "wattle-creek");
  await car.reserve.click();
  // A caravan site's checkout names what it reserves (issue 29): a caravan or a camper trailer.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^Reserve this ${VAN.source}$`));
  await expect(page.getByText(new RegExp(`^The ${VAN.source} is held for you for 72 hours$`))).toBeVisible();
  await fillDetails(page);
  await fillCard(page, "4000002760003184");
  await page.getByRole("button", { name: "Reserve Now $500" }).click();
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^The ${VAN.source} was not reserved$`));
  // (Next's route announcer is an alert too: the page's own is in main.)
  await expect(page.locator("main").getByRole("alert")).toHaveText(AUTHENTICATION_FAILED);
  await expectAccessible(page, "not reserved");
  await page.getByRole("link", { name: "Try again" }).click();
  await fillDetails(page);
  await fillCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Reserve Now $500" }).click();
  await expectReserved(page, VAN);
  await expect(page.getByText("$500", { exact: true })).toBeVisible();
  await expectShownReserved(page, "wattle-creek", car);
  // Reserved: its checkout page says so and links similar stock.
  await page.goto(siteUrl("wattle-creek", `${car.path}/checkout`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^This ${VAN.source} is already reserved$`));
  await expect(page.getByRole("link", { name: "Find Me Something Similar" })).toBeVisible();
  await expectAccessible(page, "already reserved");
  await page.screenshot({ path: `${SHOTS}/reserve-wattle-already-reserved-desktop.jpg`, fullPage: true });
});

test("harbourline (phone): a card's Reserve, and the /checkout-journey online purchase from the VDP's Buy Online", async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  const car = await firstReservable(page, "harbourline");
  // Not signed in yet: the API keeps the page's gate and holds nothing.
  const anonymous = await page.evaluate(async (slug) => {
    const res = await fetch("/api/reservations", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `anonymous-${slug}` },
      body: JSON.stringify({ car: slug, contact: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0412 345 678" }, card: { number: "4242424242424242", expiry: "12/30", cvc: "123" } }),
    });
    return { status: res.status, message: ((await res.json()) as { message: string }).message };
  }, car.path.split("/")[2]);
  expect(anonymous).toEqual({ status: 401, message: RESERVE_SIGN_IN_REQUIRED });
  await car.reserve.click();
  await signInIfGated(page, "harbourline");
  await expect(page.getByTestId("money-back").or(page.getByText("The car is held for you for 48 hours"))).not.toHaveCount(0);
  await fillDetails(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Reserve Now $200" }).click();
  await expectReserved(page);
  await expectShownReserved(page, "harbourline", car);

  // Online purchase: another car, from its page.
  const other = await firstReservable(page, "harbourline");
  await page.goto(siteUrl("harbourline", other.path));
  await page.getByRole("link", { name: /^Buy Online/ }).first().click();
  await signInIfGated(page, "harbourline");
  await expect(page).toHaveURL(/\/checkout-journey\?car_id=[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buy this car online");
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Please enter your first name").or(page.locator("[aria-invalid=true]").first())).toBeVisible();
  await fillDetails(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Choose how you will pay: Cash, Finance or Trade-in.")).toBeVisible();
  await page.getByRole("radio", { name: "Finance" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: "Delivery", exact: true }).check();
  await page.getByLabel(/^Delivery postcode/).fill("4000");
  await expectAccessible(page, "checkout-journey delivery");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 4 of 4")).toBeVisible();
  await fillCard(page, "4242 4242 4242 4242");
  await page.screenshot({ path: `${SHOTS}/reserve-harbourline-journey-phone.jpg`, fullPage: true });
  await page.getByRole("button", { name: "Reserve Now $200" }).click();
  await expect(page).toHaveURL(/\/reservation\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("payment-reference")).toHaveText(/^pay_/);
  await expectShownReserved(page, "harbourline", other);

  // Both are in the signed-in visitor's My Garage, reserved, with their deposit and reference.
  await page.goto(siteUrl("harbourline", "/my-garage"));
  const list = page.getByRole("list", { name: "Reservations" });
  for (const c of [car, other]) {
    const row = list.getByRole("listitem").filter({ has: page.locator(`a[href="${c.path}"]`) });
    await expect(row).toContainText(/Deposit \$200 · reference pay_[0-9a-f]{24} · Reserved · held until /);
  }
  await expectAccessible(page, "my garage with reservations");
});

test("sites without reserve online or online purchase answer 404 for these pages", async ({ page }) => {
  // (Chromium resolves *.localhost; Node's request context does not.)
  for (const t of demoTenants.filter((d) => !d.features.reserveOnline?.enabled)) {
    expect((await page.goto(siteUrl(t.identity.slug, "/cars/any-car/checkout")))?.status()).toBe(404);
  }
  for (const t of demoTenants.filter((d) => !d.features.onlinePurchase)) {
    expect((await page.goto(siteUrl(t.identity.slug, "/checkout-journey?car_id=any-car")))?.status()).toBe(404);
  }
});
