import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../tests/databases";
import type { DbHandle } from "./db";
import { healthReport } from "./health";
import { resetLeadRateLimiter } from "./leads/rate-limit";

const DB_KEY = Symbol.for("forecourt.db");
let tdb: TestDatabase;
let h: DbHandle;

beforeAll(async () => {
  tdb = pgliteDatabase();
  h = await tdb.open();
  (globalThis as Record<symbol, unknown>)[DB_KEY] = Promise.resolve(h);
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[DB_KEY];
  await h.close();
  await tdb.cleanup();
});
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
    expect(await healthReport()).toEqual({ status: "ok", database: "pglite", search: "embedded", rateLimits: "memory" });
  });

  it("names Algolia when its app id and search key are set", async () => {
    vi.stubEnv("ALGOLIA_APP_ID", "TESTAPP");
    vi.stubEnv("ALGOLIA_SEARCH_KEY", "search-key");
    vi.stubEnv("REDIS_URL", "");
    await resetLeadRateLimiter();
    expect(await healthReport()).toEqual({ status: "ok", database: "pglite", search: "algolia", rateLimits: "memory" });
  });
});
