import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { analyticsEvents } from "../db/schema";
import { MemoryRateLimiter } from "../http/rate-limit";
import { demoSite, SITE_HOST } from "../leads/test-helpers";
import { handleEventPost } from "./http";

// Issue 12 item 5: an event with U+0000 or a lone surrogate answered 500 on PostgreSQL ("could not be stored").
describe.each(backends)("an analytics event with NUL and lone surrogates on %s", (_name, make) => {
  let h: DbHandle;
  const db = withTestDatabase(make, (opened) => (h = opened));

  it("is stored cleaned (204)", async (c) => {
    if (!db.tdb) return c.skip();
    const site = demoSite();
    const res = await handleEventPost(
      new Request("http://harbourline.localhost:3000/api/events", {
        method: "POST",
        headers: { host: SITE_HOST, "content-type": "application/json" },
        body: '{"id":51,"label":"care\\u0000ers \\ud83d","path":"/careers\\u0000\\udc00"}',
      }),
      { db: async () => h.db, tenantForHost: async (host) => (host === SITE_HOST ? site : null), limiter: async () => new MemoryRateLimiter() },
    );
    expect(res.status).toBe(204);
    const rows = await h.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, 51));
    expect(rows).toEqual([expect.objectContaining({ label: "careers \uFFFD", path: "/careers\uFFFD" })]);
  });
});
