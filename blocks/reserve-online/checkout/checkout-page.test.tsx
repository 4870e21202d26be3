import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fixtureTenant } from "../../../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../../../tests/fixtures/vehicle";
import type { StoredVehicle } from "../../../server/inventory/vehicle";
import type { TenantDocument } from "../../../renderer/types";
import { checkoutJourneyPage, checkoutPage, RESERVE_REFUSED_TITLE } from "./checkout-page";
import { RESERVATIONS_REFUSED } from "../../../server/payments/provider-for";
import { HOSTED_PAYMENT_TEXT } from "./reserve-form.client";

// The reserve pages with the database edges (the live document, the car by slug) standing in.
const state = vi.hoisted(() => ({ doc: null as TenantDocument | null, car: null as StoredVehicle | null }));
vi.mock("../../../server/tenants/live", () => ({
  tenantForHost: async (host: string) => (host === "harbourside-motors.localhost" && state.doc ? { slug: "harbourside-motors", version: 1, document: state.doc } : null),
}));
vi.mock("../../../server/db", () => ({ getDb: async () => ({ db: {}, kind: "pglite" }) }));
vi.mock("../../../server/inventory/vdp", () => ({ siteVehicleBySlug: async (_db: unknown, _doc: unknown, slug: string) => (state.car?.slug === slug ? state.car : null) }));
vi.mock("../../../renderer/registry.generated", () => ({ blockRegistry: {} }));

const HOST = "harbourside-motors.localhost";

beforeEach(() => {
  const d = structuredClone(fixtureTenant);
  d.layout = { top: [], bottom: [] };
  d.features.reserveOnline = { enabled: true, route: "checkout", deposit: 200, holdHours: 48 };
  d.features.onlinePurchase = true;
  state.doc = d;
  state.car = { ...fixtureVehicle(), price: 30000, reserved: false } as StoredVehicle;
});
afterEach(() => vi.unstubAllEnvs());

const html = async (page: Promise<{ element: React.ReactNode; title: string } | null>) => {
  const found = await page;
  return { title: found!.title, markup: renderToStaticMarkup(<>{found!.element}</>) };
};

describe("the reserve pages where the deployment takes no deposits", () => {
  it("production on PostgreSQL without a payment provider: the message, the car and the enquiry route; no form, no card fields", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://db.example/forecourt");
    vi.stubEnv("PAYMENTS", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    const car = state.car!;
    for (const page of [checkoutPage(HOST, car.slug, "checkout"), checkoutJourneyPage(HOST, car.slug)]) {
      const { title, markup } = await html(page);
      expect(title).toBe(`${RESERVE_REFUSED_TITLE} | ${state.doc!.identity.name}`);
      expect(markup).toContain(`<p role="status">${RESERVATIONS_REFUSED}</p>`);
      expect(markup).toContain(`<a class="fc-button" href="/cars/${car.slug}#enquire">Enquire About This Car</a>`);
      expect(markup).toContain("Questions? Contact us");
      expect(markup).not.toContain('data-testid="reserve-form"');
      expect(markup).not.toContain("Card number");
    }
  });

  it("the test gateway (development): the card form; Stripe: the form without card fields, saying where the card is typed", async () => {
    const car = state.car!;
    const testGateway = (await html(checkoutPage(HOST, car.slug, "checkout"))).markup;
    expect(testGateway).toContain('data-testid="reserve-form"');
    expect(testGateway).toContain("Card number");
    expect(testGateway).not.toContain(RESERVATIONS_REFUSED);

    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_page");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_page");
    const stripe = (await html(checkoutPage(HOST, car.slug, "checkout"))).markup;
    expect(stripe).toContain('data-testid="reserve-form"');
    expect(stripe).not.toContain("Card number");
    expect(stripe).toContain(HOSTED_PAYMENT_TEXT("$200").replace(/'/g, "&#x27;"));
    expect(stripe).not.toContain("sk_test_page");
    expect(stripe).toContain("deposit, held on your card now (not charged)");
    expect(testGateway).toContain("deposit, paid by card now");
  });
});
