import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { publishableTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import { ADMIN_HOST, ADMIN_ORIGIN, adminSignIn } from "../../tests/fixtures/admin-sites";
import type { DbHandle } from "../db";
import { auditLog, siteSecrets } from "../db/schema";
import { createTenant, publish } from "../tenants/store";
import { eventSecrets } from "../tenants/event-secrets";
import { upsertAdminUser } from "./accounts";
import { adminRoute } from "./http";
import { handleEventSecret } from "./secrets-http";

describe.each(backends)("POST /api/admin/tenants/{slug}/secrets on %s", (_name, make) => {
  let h: DbHandle;
  let staff = "";
  let dealer = "";
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, publishableTenant("alpha", "Alpha Motors"), "seed");
    await publish(h, "alpha", { actor: "seed" });
    await upsertAdminUser(h.db, { email: "staff@test.example", password: "staff-password-1", role: "staff" });
    await upsertAdminUser(h.db, { email: "dealer@test.example", password: "dealer-password-1", role: "dealer", tenants: ["beta"] });
    staff = await adminSignIn(h, "staff@test.example", "staff-password-1");
    dealer = await adminSignIn(h, "dealer@test.example", "dealer-password-1");
  });
  const call = async (body: unknown, opts: { cookie?: string; slug?: string; raw?: string } = {}) => {
    const request = new Request(`${ADMIN_ORIGIN}/api/admin/tenants/x/secrets`, {
      method: "POST",
      headers: { host: ADMIN_HOST, origin: ADMIN_ORIGIN, "content-type": "application/json", cookie: `fc_admin=${opts.cookie ?? staff}` },
      body: opts.raw ?? JSON.stringify(body),
    });
    const res = await adminRoute(handleEventSecret, { handle: async () => h })(request, { params: Promise.resolve({ slug: opts.slug ?? "alpha" }) });
    return { status: res.status, body: await res.json() };
  };

  it("sets, replaces and clears a secret, answers only whether each is set, and audits without the value", async (ctx) => {
    need(ctx);
    const set = await call({ name: "ga4ApiSecret", value: "  abcDEF123456  " });
    expect(set.status).toBe(200);
    expect(set.body.secrets.map((s: { name: string; set: boolean }) => [s.name, s.set])).toEqual([
      ["ga4ApiSecret", true],
      ["metaAccessToken", false],
    ]);
    expect(JSON.stringify(set.body)).not.toContain("abcDEF123456");
    expect((await eventSecrets(h.db, "alpha")).ga4ApiSecret).toBe("abcDEF123456");
    expect((await call({ name: "ga4ApiSecret", value: "replaced-secret-2" })).status).toBe(200);
    expect((await eventSecrets(h.db, "alpha")).ga4ApiSecret).toBe("replaced-secret-2");
    const cleared = await call({ name: "ga4ApiSecret", clear: true });
    expect(cleared.body.secrets[0].set).toBe(false);
    expect(await h.db.select().from(siteSecrets).where(eq(siteSecrets.tenantSlug, "alpha"))).toEqual([]);
    const audit = await h.db.select({ action: auditLog.action, detail: auditLog.detail, actor: auditLog.actor }).from(auditLog).where(eq(auditLog.action, "event-secret"));
    expect(audit.map((a) => a.detail)).toEqual([
      { name: "ga4ApiSecret", done: "set" },
      { name: "ga4ApiSecret", done: "set" },
      { name: "ga4ApiSecret", done: "cleared" },
    ]);
    expect(JSON.stringify(audit)).not.toContain("secret-2");
  });

  it("refuses bad input with a clear message and keeps what is stored", async (ctx) => {
    need(ctx);
    await call({ name: "metaAccessToken", value: "EAAB-kept-token" });
    const cases: [unknown, number, RegExp][] = [
      [{ name: "apiKey", value: "whatever-123" }, 400, /^Say which secret \(name\): ga4ApiSecret or metaAccessToken\.$/],
      [{ name: "metaAccessToken", value: "short" }, 400, /^The Meta Conversions API access token must be 8 to 512 characters/],
      [{ name: "metaAccessToken", value: "x".repeat(600) }, 400, /must be 8 to 512 characters/],
      [{ name: "metaAccessToken", value: { $ne: 1 } }, 400, /must be 8 to 512 characters/],
      [{ name: "metaAccessToken", clear: "yes" }, 400, /must be 8 to 512 characters/],
      [{ name: "__proto__", value: "EAAB-kept-token" }, 400, /^Say which secret/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message ?? res.body.error).toMatch(message);
    }
    expect((await call(null, { raw: "{not json" })).status).toBe(400);
    expect((await call({ name: "metaAccessToken", value: "EAAB-other-token" }, { slug: "nosuchsite" })).status).toBe(404);
    expect((await call({ name: "metaAccessToken", value: "EAAB-other-token" }, { cookie: dealer })).status).toBe(403);
    expect((await eventSecrets(h.db, "alpha")).metaAccessToken).toBe("EAAB-kept-token");
  });
});
