import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../tests/databases";
import type { DbHandle } from "./db";
import { healthReport } from "./health";

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
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("healthReport", () => {
  it("names the embedded search when Algolia is not configured", async () => {
    vi.stubEnv("ALGOLIA_APP_ID", "");
    vi.stubEnv("ALGOLIA_SEARCH_KEY", "");
    vi.stubEnv("ALGOLIA_ADMIN_KEY", "admin-key");
    expect(await healthReport()).toEqual({ status: "ok", database: "pglite", search: "embedded" });
  });

  it("names Algolia when its app id and search key are set", async () => {
    vi.stubEnv("ALGOLIA_APP_ID", "TESTAPP");
    vi.stubEnv("ALGOLIA_SEARCH_KEY", "search-key");
    expect(await healthReport()).toEqual({ status: "ok", database: "pglite", search: "algolia" });
  });
});
