import { afterEach, describe, expect, it, vi } from "vitest";
import { pgliteDatabase, withTestDatabase } from "../../tests/databases";
import { healthReport } from "./health";
import { resetLeadRateLimiter } from "../http/rate-limit";

withTestDatabase(pgliteDatabase, undefined, { asService: true });
afterEach(async () => {
  vi.unstubAllEnvs();
  await resetLeadRateLimiter();
});

describe("healthReport", () => {
  it("names the embedded search when Algolia is not configured", async () => {
    vi.stubEnv("ALGOLIA_APP_ID", "");
    vi.stubEnv("ALGOLIA_SEARCH_KEY", "");
    vi.stubEnv("ALGOLIA_ADMIN_KEY", "admin-key");
    vi.stubEnv("REDIS_URL", "");
    await resetLeadRateLimiter();
    vi.stubEnv("S3_BUCKET", "");
    expect(await healthReport()).toEqual({ status: "ok", database: "pglite", search: "embedded", media: "local folder", rateLimits: "memory", payments: "test gateway" });
  });

  it("names Algolia when its app id and search key are set", async () => {
    vi.stubEnv("ALGOLIA_APP_ID", "TESTAPP");
    vi.stubEnv("ALGOLIA_SEARCH_KEY", "search-key");
    vi.stubEnv("REDIS_URL", "");
    await resetLeadRateLimiter();
    vi.stubEnv("S3_BUCKET", "forecourt-media");
    vi.stubEnv("S3_ENDPOINT", "http://127.0.0.1:9");
    expect(await healthReport()).toEqual({ status: "ok", database: "pglite", search: "algolia", media: "s3", rateLimits: "memory", payments: "test gateway" });
  });

  it("names the payment provider, never its keys: stripe, test gateway, or none where a production database has none", async () => {
    vi.stubEnv("REDIS_URL", "");
    vi.stubEnv("PAYMENTS", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_health_secret");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_health_secret");
    const stripe = await healthReport();
    expect(stripe.payments).toBe("stripe");
    expect(JSON.stringify(stripe)).not.toMatch(/sk_test|whsec_|health_secret/);

    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://db.example/forecourt");
    const refused = await healthReport();
    expect(refused.payments).toBe("none — reservations refused");
    expect(refused).not.toHaveProperty("paymentsProblem");

    vi.stubEnv("PAYMENTS", "test");
    expect((await healthReport()).payments).toBe("test gateway");

    vi.stubEnv("PAYMENTS", "stripe");
    const misconfigured = await healthReport();
    expect(misconfigured.payments).toBe("none — reservations refused");
    expect(misconfigured.paymentsProblem).toBe("PAYMENTS=stripe but STRIPE_SECRET_KEY is not set: online reservations are refused until it is.");
  });
});
