import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PaymentsStatus } from "./payments-status";

afterEach(() => vi.unstubAllEnvs());

const text = () => renderToStaticMarkup(<PaymentsStatus />).replace(/<[^>]+>/g, "");

describe("the admin's payments line", () => {
  it("names the provider as /api/health does, and never a key", () => {
    vi.stubEnv("PAYMENTS", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("DATABASE_URL", "");
    expect(text()).toBe("Online payments (reserve online): test gateway — test card numbers only, no money moves.");

    vi.stubEnv("STRIPE_SECRET_KEY", "sk_live_admin_secret");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_admin_secret");
    expect(text()).toBe("Online payments (reserve online): stripe");

    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://db.example/forecourt");
    expect(text()).toBe("Online payments (reserve online): none — reservations refused — set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test on a staging site.");

    vi.stubEnv("PAYMENTS", "stripe");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_admin_secret");
    const misconfigured = renderToStaticMarkup(<PaymentsStatus />);
    expect(misconfigured).toContain("PAYMENTS=stripe but STRIPE_SECRET_KEY is not set");
    expect(misconfigured).not.toContain("admin_secret");
  });
});
