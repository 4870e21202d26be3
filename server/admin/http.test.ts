import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { publishableTenant } from "../../tests/fixtures/tenant";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { adminSignInFailures, auditLog, tenants, tenantVersions } from "../db/schema";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { createTenant, getDraft, getLiveDocument, publish, PUBLISHED_CHANNEL } from "../tenants/store";
import { upsertAdminUser } from "./accounts";
import { dummyHash, HASH_CONCURRENCY, HASH_QUEUE, HASH_QUEUE_SHARE, hashingStats, hashPassword, holdHashingForTests, verifyPassword } from "./passwords";
import { previewDraft } from "./preview";
import {
  adminRoute, handleArchive, handleCreateTenant, handleFlags, handleGetDraft, handlePreviewToken, handlePublish, handleRestore,
  handleSaveDraft, handleSignIn, handleSignOut, safeNext,
} from "./http";
import { ADMIN_HOST as ADMIN, ADMIN_ORIGIN as ORIGIN, adminSignIn } from "../../tests/fixtures/admin-sites";

describe("safeNext", () => {
  it("keeps admin paths and refuses everything else", () => {
    expect(safeNext("/admin/tenants/alpha")).toBe("/admin/tenants/alpha");
    expect(safeNext("/admin")).toBe("/admin");
    expect(safeNext("https://evil.test/admin")).toBe("/admin");
    expect(safeNext("//evil.test/admin")).toBe("/admin");
    expect(safeNext("/admin//evil.test")).toBe("/admin");
    expect(safeNext("/search")).toBe("/admin");
    expect(safeNext(`/admin/${"x".repeat(600)}`)).toBe("/admin");
  });
});

describe.each(backends)("admin endpoints on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  let staff = "";
  let dealer = "";
  const route = (handler: Parameters<typeof adminRoute>[0], open = false) => adminRoute(handler, { open, handle: async () => h });
  const call = async (
    handler: Parameters<typeof adminRoute>[0],
    opts: { cookie?: string; body?: unknown; slug?: string; host?: string; origin?: string | null; method?: string; open?: boolean; form?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { host: opts.host ?? ADMIN, ...opts.headers };
    if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN;
    if (opts.cookie) headers.cookie = `fc_admin=${opts.cookie}`;
    headers["content-type"] = opts.form !== undefined ? "application/x-www-form-urlencoded" : "application/json";
    const request = new Request(`http://${ADMIN}/api/admin/x`, {
      method: opts.method ?? "POST",
      headers,
      body: (opts.method ?? "POST") === "GET" ? undefined : (opts.form ?? JSON.stringify(opts.body ?? {})),
    });
    return route(handler, opts.open)(request, { params: Promise.resolve({ slug: opts.slug ?? "" }) });
  };
  const signInAs = (email: string, password: string) => adminSignIn(h, email, password);

  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await createTenant(h.db, publishableTenant("alpha", "Alpha Motors"), "seed");
    await publish(h, "alpha", { actor: "seed" });
    await createTenant(h.db, publishableTenant("beta", "Beta Cars", 2), "seed");
    await publish(h, "beta", { actor: "seed" });
    await upsertAdminUser(h.db, { email: "staff@test.example", password: "staff-password-1", role: "staff" });
    await upsertAdminUser(h.db, { email: "dealer@test.example", password: "dealer-password-1", role: "dealer", tenants: ["alpha"] });
    staff = await signInAs("staff@test.example", "staff-password-1");
    dealer = await signInAs("dealer@test.example", "dealer-password-1");
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };

  it("signs in from the plain form: a redirect with the cookie, or back to the form with the error", async (ctx) => {
    need(ctx);
    const ok = await call(handleSignIn, { open: true, form: "email=staff%40test.example&password=staff-password-1&next=%2Fadmin%2Ftenants%2Falpha" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/admin/tenants/alpha");
    expect(ok.headers.get("set-cookie")).toMatch(/^fc_admin=[\w-]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/);
    const bad = await call(handleSignIn, { open: true, form: "email=staff%40test.example&password=wrong-one-here&next=https%3A%2F%2Fevil.test" });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/admin/sign-in?error=wrong&email=staff%40test.example");
    expect(bad.headers.get("set-cookie")).toBeNull();
  });

  it("marks the cookie Secure only when a trusted proxy says https: a visitor's X-Forwarded-Proto counts for nothing", async (ctx) => {
    need(ctx);
    const form = "email=staff%40test.example&password=staff-password-1";
    const saved = process.env.TRUSTED_PROXIES;
    try {
      delete process.env.TRUSTED_PROXIES;
      const spoofed = await call(handleSignIn, { open: true, form, headers: { "x-forwarded-proto": "https" } });
      expect(spoofed.headers.get("set-cookie")).toMatch(/^fc_admin=[\w-]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/);
      const out = await call(handleSignOut, { open: true, cookie: (/fc_admin=([^;]+)/.exec(spoofed.headers.get("set-cookie")!))![1], headers: { "x-forwarded-proto": "https" } });
      expect(out.headers.get("set-cookie")).not.toMatch(/Secure/);
      process.env.TRUSTED_PROXIES = "1";
      const proxied = await call(handleSignIn, { open: true, form, headers: { "x-forwarded-proto": "https" } });
      expect(proxied.headers.get("set-cookie")).toMatch(/^fc_admin=[\w-]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax; Secure$/);
      const plain = await call(handleSignIn, { open: true, form, headers: { "x-forwarded-proto": "http" } });
      expect(plain.headers.get("set-cookie")).not.toMatch(/Secure/);
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    }
  });

  it("counts failures per account and server-determined client: X-Forwarded-For is ignored, the owner elsewhere signs in", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const attempt = (address: string, password: string, extra: Record<string, string> = {}) =>
      route(handleSignIn, true)(
        new Request(`${ORIGIN}/api/admin/sign-in`, {
          method: "POST",
          headers: { host: ADMIN, origin: ORIGIN, "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: address, ...extra },
          body: JSON.stringify({ email: "staff@test.example", password }),
        }),
      );
    // An attacker rotating X-Forwarded-For stays one client.
    for (let i = 0; i < 5; i++) expect((await attempt("203.0.113.50", `guess-${i}-guess`, { "x-forwarded-for": `192.0.2.${i}` })).status).toBe(401);
    const limited = await attempt("203.0.113.50", "staff-password-1", { "x-forwarded-for": "192.0.2.99" });
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
    // The owner, at another address, is not locked out.
    expect((await attempt("198.51.100.20", "staff-password-1")).status).toBe(200);
    // The same /64 is one client.
    for (let i = 0; i < 5; i++) expect((await attempt(`2001:db8:1:2::${i + 1}`, `guess-${i}-guess`)).status).toBe(401);
    expect((await attempt("2001:db8:1:2:ffff::9", "staff-password-1")).status).toBe(429);
    const stored = await h.db.select().from(adminSignInFailures);
    expect(new Set(stored.map((r) => r.ip))).toEqual(new Set(["203.0.113.50", "2001:db8:1:2::/64"]));
    await h.db.delete(adminSignInFailures);
  });

  it("refuses a sign-in body over 8 KB with 413 before reading it whole, and echoes no long or odd address into Location", async (ctx) => {
    need(ctx);
    const big = await call(handleSignIn, { open: true, form: `email=a%40b.test&password=${"x".repeat(9000)}` });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: "The sign-in form is too large (at most 8 KB)." });
    const bigJson = await call(handleSignIn, { open: true, body: { email: "a@b.test", password: "p".repeat(9000) } });
    expect(bigJson.status).toBe(413);
    const long = `${"a".repeat(250)}@b.test`;
    const res = await call(handleSignIn, { open: true, form: `email=${encodeURIComponent(long)}&password=wrong-one-here` });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/sign-in?error=wrong");
    const odd = await call(handleSignIn, { open: true, form: `email=${encodeURIComponent("a\r\nb@c.test")}&password=wrong-one-here&next=${encodeURIComponent(`/admin/${"x".repeat(600)}`)}` });
    expect(odd.headers.get("location")).toBe("/admin/sign-in?error=wrong");
    // U+0000 (a database text cannot hold it) is dropped from every JSON body at the boundary
    // (server/http/body.ts): the address is read without it, never a 500.
    const nul = await call(handleSignIn, { open: true, body: { email: "staff\u0000@test.example", password: "staff-password-1" } });
    expect(nul.status).toBe(200);
    await h.db.delete(adminSignInFailures);
  });

  it("answers 503 at once when the hasher's queue is full, and the form says so", async (ctx) => {
    need(ctx);
    // The first hash is production-strength (a few hundred milliseconds), so the queue behind it
    // stays full for both sign-ins below; the rest are cheap.
    const slow = `scrypt$17$8$1$${"A".repeat(22)}$${"B".repeat(86)}`;
    const cheap = await hashPassword("some-password-1");
    const filling = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE }, (_, i) => verifyPassword("guess-guess-guess", i < HASH_CONCURRENCY ? slow : cheap));
    const busy = await call(handleSignIn, { open: true, body: { email: "staff@test.example", password: "staff-password-1" } });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
    expect(await busy.json()).toEqual({ message: "Too many sign-in attempts right now. Try again in a moment." });
    const form = await call(handleSignIn, { open: true, form: "email=staff%40test.example&password=staff-password-1" });
    expect(form.headers.get("location")).toBe("/admin/sign-in?error=busy&email=staff%40test.example");
    await Promise.all(filling);
    // Each busy answer counts against the client (here the shared "unknown" one), never the account.
    expect((await h.db.select().from(adminSignInFailures)).map((f) => [f.email, f.ip])).toEqual([["", "unknown"], ["", "unknown"]]);
    await h.db.delete(adminSignInFailures);
  });

  it("signs the admin in (200) during a flood from one network, which gets 503 and then 429", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    await dummyHash(); // made before hashing is held
    const attempt = (address: string, email: string, password: string) =>
      route(handleSignIn, true)(
        new Request(`${ORIGIN}/api/admin/sign-in`, {
          method: "POST",
          headers: { host: ADMIN, origin: ORIGIN, "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: address },
          body: JSON.stringify({ email, password }),
        }),
      );
    const release = holdHashingForTests();
    try {
      let settled = 0;
      const flood = Array.from({ length: 60 }, (_, i) => attempt(`2001:db8:9:${i}::${i + 1}`, "staff@test.example", `guess-${i}-guess`).finally(() => settled++));
      const admitted = HASH_CONCURRENCY + HASH_QUEUE_SHARE;
      await vi.waitFor(() => expect([settled, hashingStats().queued]).toEqual([60 - admitted, HASH_QUEUE_SHARE]), { timeout: 20_000 });
      const admin = attempt("198.51.100.30", "dealer@test.example", "dealer-password-1");
      await vi.waitFor(() => expect(hashingStats().queued).toBe(HASH_QUEUE_SHARE + 1));
      release();
      expect((await admin).status).toBe(200);
      const answers = await Promise.all((await Promise.all(flood)).map(async (r) => `${r.status} ${(await r.json()).message}`));
      const busy = "503 Too many sign-in attempts right now. Try again in a moment.";
      expect(answers.filter((a) => a !== busy)).toEqual(Array(admitted).fill("401 Email or password is incorrect."));
      // 57 busy answers put the /48 over its 50 failures: the next one from it, at a fresh /64, is 429.
      const limited = await attempt("2001:db8:9:ffff::1", "staff@test.example", "staff-password-1");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
      expect(await limited.json()).toEqual({ message: "Too many sign-in attempts. Try again in 15 minutes." });
    } finally {
      release();
      await h.db.delete(adminSignInFailures);
    }
  });

  it("says the same for an unknown address and a wrong password (JSON)", async (ctx) => {
    need(ctx);
    for (const email of ["staff@test.example", "nobody@test.example"]) {
      const res = await call(handleSignIn, { open: true, body: { email, password: "not-the-password" } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Email or password is incorrect." });
    }
  });

  it("refuses cross-site posts before anything else, even sign-in", async (ctx) => {
    need(ctx);
    const res = await call(handleSignIn, { open: true, origin: "http://evil.test", body: { email: "staff@test.example", password: "staff-password-1" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "This request came from another site and was refused." });
    const noOrigin = await call(handlePublish, { cookie: staff, origin: null, slug: "alpha", body: { revision: 1 } });
    expect(noOrigin.status).toBe(403);
  });

  it("is not answered on a dealer's host", async (ctx) => {
    need(ctx);
    const res = await call(handleSignIn, { open: true, host: "alpha.localhost:3000", origin: "http://alpha.localhost:3000", body: {} });
    expect(res.status).toBe(404);
  });

  it("needs a session", async (ctx) => {
    need(ctx);
    const res = await call(handleGetDraft, { method: "GET", slug: "alpha" });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Your session has ended. Sign in again (your edits stay in this tab).");
  });

  it("gives a dealer 403 for another dealer's site, and for staff-only actions", async (ctx) => {
    need(ctx);
    for (const [handler, body] of [[handleGetDraft, undefined], [handleSaveDraft, { document: publishableTenant("beta", "Beta Cars", 2), revision: 1 }], [handlePublish, { revision: 1 }], [handleRestore, { version: 1, revision: 1 }], [handleFlags, { flags: {}, revision: 1 }], [handlePreviewToken, {}]] as const) {
      const res = await call(handler, { cookie: dealer, slug: "beta", body, method: body ? "POST" : "GET" });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "You do not have access to this site." });
    }
    const archive = await call(handleArchive, { cookie: dealer, slug: "alpha", body: { archived: true } });
    expect(archive.status).toBe(403);
    expect((await archive.json()).message).toBe("Only Forecourt staff can archive a site.");
    const create = await call(handleCreateTenant, { cookie: dealer, body: { template: "alpha" } });
    expect(create.status).toBe(403);
    expect(await getDraft(h.db, "beta").then((d) => d.revision)).toBe(1);
  });

  it("lets a dealer edit their site's content but not its domains or slug", async (ctx) => {
    need(ctx);
    const draft = await getDraft(h.db, "alpha");
    const doc = structuredClone(draft.document) as ReturnType<typeof publishableTenant>;
    doc.identity.domains = ["www.stolen.test"];
    const refused = await call(handleSaveDraft, { cookie: dealer, slug: "alpha", body: { document: doc, revision: draft.revision } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Dealers cannot change a site's domains or slug. Ask Forecourt staff to change them.");
    doc.identity.domains = (draft.document as typeof doc).identity.domains;
    doc.pages[0].title = "Welcome to Alpha";
    const saved = await call(handleSaveDraft, { cookie: dealer, slug: "alpha", body: { document: doc, revision: draft.revision } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ revision: draft.revision + 1, updatedBy: "dealer@test.example", errors: [] });
  });

  it("refuses a stale save with who changed it, and keeps the other person's draft", async (ctx) => {
    need(ctx);
    const start = await getDraft(h.db, "alpha");
    const mine = structuredClone(start.document) as ReturnType<typeof publishableTenant>;
    const theirs = structuredClone(start.document) as ReturnType<typeof publishableTenant>;
    theirs.pages[0].title = "Theirs";
    mine.pages[0].title = "Mine";
    expect((await call(handleSaveDraft, { cookie: staff, slug: "alpha", body: { document: theirs, revision: start.revision } })).status).toBe(200);
    const stale = await call(handleSaveDraft, { cookie: dealer, slug: "alpha", body: { document: mine, revision: start.revision } });
    expect(stale.status).toBe(409);
    const body = await stale.json();
    expect(body.message).toMatch(/^The draft was changed by staff@test\.example at .+ after you opened it\. Reload to see their changes; your edits are not lost until you leave\.$/);
    expect(body.current).toMatchObject({ revision: start.revision + 1, updatedBy: "staff@test.example" });
    expect(((await getDraft(h.db, "alpha")).document as typeof mine).pages[0].title).toBe("Theirs");
    // The refused person can fetch the current draft to compare and merge.
    const current = await call(handleGetDraft, { cookie: dealer, slug: "alpha", method: "GET" });
    expect((await current.json()).document.pages[0].title).toBe("Theirs");
  });

  it("refuses to publish an invalid draft, listing each error with its path, and the live site stays", async (ctx) => {
    need(ctx);
    const draft = await getDraft(h.db, "alpha");
    const bad = structuredClone(draft.document) as ReturnType<typeof publishableTenant>;
    bad.theme.colors.primary = "#ffff00";
    bad.pages[0].blocks.push({ id: "intro", type: "rich-text", props: { html: "<p>twice</p>" } } as never);
    const saved = await call(handleSaveDraft, { cookie: staff, slug: "alpha", body: { document: bad, revision: draft.revision } });
    const savedBody = await saved.json();
    expect(savedBody.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["/pages/0/blocks/1/id", "/theme/colors/onPrimary", "/theme/colors/primary"]);
    const res = await call(handlePublish, { cookie: staff, slug: "alpha", body: { revision: savedBody.revision } });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe('The draft of "alpha" cannot be published:');
    expect(body.errors).toContainEqual({ pointer: "/pages/0/blocks/1/id", message: 'Two blocks have the id "intro"; each block needs its own.' });
    expect(body.errors).toContainEqual({ pointer: "/theme/colors/primary", message: "Primary (buttons, links) has contrast 1.07:1 on Page background; text needs at least 4.5:1." });
    expect((await getLiveDocument(h.db, "alpha"))?.version).toBe(1);
  });

  it("publishes only the draft the person saw", async (ctx) => {
    need(ctx);
    const draft = await getDraft(h.db, "beta");
    const res = await call(handlePublish, { cookie: staff, slug: "beta", body: { revision: draft.revision - 1 } });
    expect(res.status).toBe(409);
    const ok = await call(handlePublish, { cookie: staff, slug: "beta", body: { revision: draft.revision } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ version: 2, by: "staff@test.example" });
  });

  it("restores an old version as the draft; publishing it records where it came from", async (ctx) => {
    need(ctx);
    const draft = await getDraft(h.db, "alpha");
    const res = await call(handleRestore, { cookie: dealer, slug: "alpha", body: { version: 1, revision: draft.revision } });
    expect(res.status).toBe(200);
    const restored = await res.json();
    expect(restored.errors).toEqual([]);
    const now = await getDraft(h.db, "alpha");
    expect(now.document).toEqual(publishableTenant("alpha", "Alpha Motors"));
    const pub = await call(handlePublish, { cookie: dealer, slug: "alpha", body: { revision: restored.revision } });
    expect(pub.status).toBe(200);
    const [v] = await h.db.select().from(tenantVersions).innerJoin(tenants, eq(tenants.id, tenantVersions.tenantId)).where(eq(tenants.slug, "alpha")).orderBy(tenantVersions.number);
    expect(v.tenant_versions.number).toBe(1);
    const versions = await h.db.select({ n: tenantVersions.number, from: tenantVersions.restoredFrom, by: tenantVersions.createdBy }).from(tenantVersions).innerJoin(tenants, eq(tenants.id, tenantVersions.tenantId)).where(eq(tenants.slug, "alpha"));
    expect(versions.find((x) => x.n === 2)).toEqual({ n: 2, from: 1, by: "dealer@test.example" });
    const actions = (await h.db.select({ action: auditLog.action, actor: auditLog.actor }).from(auditLog)).map((a) => `${a.actor} ${a.action}`);
    expect(actions).toContain("dealer@test.example restore");
    expect(actions).toContain("dealer@test.example publish");
    expect(actions).toContain("dealer@test.example save-draft");
  });

  it("refuses to restore a version written by a newer release (422 with the reason) and keeps the draft", async (ctx) => {
    need(ctx);
    const [t] = await h.db.select().from(tenants).where(eq(tenants.slug, "alpha"));
    await h.db.insert(tenantVersions).values({ tenantId: t.id, number: 90, document: { ...publishableTenant("alpha", "From The Future"), schemaVersion: 2 }, createdBy: "newer release" });
    const before = await getDraft(h.db, "alpha");
    const res = await call(handleRestore, { cookie: staff, slug: "alpha", body: { version: 90, revision: before.revision } });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual([{ pointer: "/schemaVersion", message: "schemaVersion 2 is newer than this version of Forecourt understands (1); it was written by a newer release." }]);
    const after = await getDraft(h.db, "alpha");
    expect(after.revision).toBe(before.revision);
    expect(after.document).toEqual(before.document);
    await h.db.delete(tenantVersions).where(eq(tenantVersions.number, 90));
  });

  it("toggles feature flags and publishes them in one step, announcing the publish", async (ctx) => {
    need(ctx);
    const announced: string[] = [];
    await h.listen(PUBLISHED_CHANNEL, (slug) => announced.push(slug));
    const draft = await getDraft(h.db, "alpha");
    const res = await call(handleFlags, { cookie: dealer, slug: "alpha", body: { flags: { "/features/compare": false, "/features/tradeIn/enabled": false }, revision: draft.revision } });
    expect(res.status).toBe(200);
    const live = await getLiveDocument(h.db, "alpha");
    expect(live?.document.features.compare).toBe(false);
    expect(live?.document.features.tradeIn?.enabled).toBe(false);
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, "flags"));
    expect(entry).toMatchObject({ actor: "dealer@test.example", detail: { flags: { "/features/compare": false, "/features/tradeIn/enabled": false } } });
    await expect.poll(() => announced).toContain("alpha");
    const bad = await call(handleFlags, { cookie: dealer, slug: "alpha", body: { flags: { "/identity/slug": true }, revision: live!.version } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("/identity/slug is not a feature flag.");
  });

  it("creates a site from a starter with the wizard's answers, or lists what is wrong by field", async (ctx) => {
    need(ctx);
    const input = {
      kind: "franchise", name: "Gamma Motors", makes: ["Mazda"], leadEmail: "sales@gamma.test", phone: "07 4600 0000", dealerships: ["new"],
      colors: { primary: "#7a1f1f", accent: "#f2c14e" }, domains: "www.gamma.test",
      location: { name: "Gamma Toowoomba", street: "1 Ruthven St", city: "Toowoomba", state: "QLD", postcode: "4350" },
      hours: [{ weekday: 1, status: "open", open: "08:00", close: "17:00" }, { weekday: 0, status: "closed" }],
    };
    const bad = await call(handleCreateTenant, { cookie: staff, body: { ...input, slug: "Gamma Motors", location: { ...input.location, postcode: "43" } } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      message: "The new site is not complete:",
      errors: [
        { pointer: "/slug", message: "Web address name may use lower-case letters, digits and single hyphens between them, e.g. tasman-ute-centre." },
        { pointer: "/location/postcode", message: "Postcode must be 4 digits, e.g. 7000." },
      ],
    });
    const taken = await call(handleCreateTenant, { cookie: staff, body: { ...input, slug: "alpha", domains: "www.alpha.test" } });
    expect((await taken.json()).errors).toEqual([
      { pointer: "/domains", message: "The domain www.alpha.test already serves another site." },
      { pointer: "/slug", message: 'Another site already has the web address name "alpha"; change the site name, or the web address name under Advanced.' },
    ]);
    expect(await h.db.select().from(tenants).where(eq(tenants.slug, "gamma-motors"))).toEqual([]);

    // The web address name is made from the site name.
    const res = await call(handleCreateTenant, { cookie: staff, body: input });
    expect(res.status).toBe(201);
    const body = await res.json();
    // What only the dealer can give is left to do, and said so: a logo (none was uploaded), their story, their privacy policy.
    expect(body.placeholders.map((p: { pointer: string }) => p.pointer)).toEqual(["/theme/logo/src", "/pages/1/blocks/0/props/html", "/pages/6/blocks/0/props/html"]);
    const draft = await getDraft(h.db, "gamma-motors");
    expect(draft.errors).toEqual([]);
    const doc = draft.document as ReturnType<typeof publishableTenant>;
    expect(doc.identity).toMatchObject({ name: "Gamma Motors", slug: "gamma-motors", domains: ["www.gamma.test"], phone: "07 4600 0000", email: "sales@gamma.test", manufacturer: "Mazda" });
    expect(doc.theme.colors).toMatchObject({ primary: "#7a1f1f", onPrimary: "#ffffff", accent: "#f2c14e", onAccent: "#111111" });
    // A new dealership gets the number after every one the platform knows (alpha's 1, beta's 2).
    expect(doc.dealerships).toEqual([{ id: 3, slug: "gamma-motors", name: "Gamma Motors", makes: ["Mazda"], leadEmail: "sales@gamma.test", phone: "07 4600 0000" }]);
    expect(doc.locations.map((l) => [l.slug, l.dealership_id, l.address.postcode, l.opening_hours])).toEqual([
      ["gamma-toowoomba", 3, "4350", input.hours],
      ["gamma-toowoomba-service", 3, "4350", input.hours],
    ]);
    expect(await getLiveDocument(h.db, "gamma-motors")).toBeNull();
    // The starter's placeholder copy is still there (the pre-publish checklist): staff publish it anyway.
    const refused = await call(handlePublish, { cookie: staff, slug: "gamma-motors", body: { revision: draft.revision } });
    expect(refused.status).toBe(422);
    const failing = (await refused.json()).checklist.filter((i: { status: string }) => i.status === "fail").map((i: { id: string }) => i.id);
    expect(failing).toContain("placeholders");
    const pub = await call(handlePublish, { cookie: staff, slug: "gamma-motors", body: { revision: draft.revision, publishAnyway: true, reason: "Test site" } });
    expect(pub.status).toBe(200);
    expect((await getLiveDocument(h.db, "gamma-motors"))?.document.identity.name).toBe("Gamma Motors");
  });

  it("mints a preview link bound to one site, showing the draft", async (ctx) => {
    need(ctx);
    const res = await call(handlePreviewToken, { cookie: dealer, slug: "alpha", body: { path: "/" } });
    const { url } = await res.json();
    expect(url).toMatch(/^http:\/\/alpha\.localhost:3000\/preview\/[\w-]{43}\/$/);
    const token = url.split("/")[4];
    const preview = await previewDraft(h.db, "alpha", token);
    expect(preview?.ok && preview.document.identity.slug).toBe("alpha");
    expect(await previewDraft(h.db, "beta", token)).toBeNull();
    expect(await previewDraft(h.db, "alpha", token, new Date(Date.now() + 31 * 60_000))).toBeNull();
  });

  it("archives a site (staff), so it is no longer served", async (ctx) => {
    need(ctx);
    expect((await call(handleArchive, { cookie: staff, slug: "beta", body: { archived: true } })).status).toBe(200);
    expect(await getLiveDocument(h.db, "beta")).toBeNull();
    expect((await call(handleArchive, { cookie: staff, slug: "beta", body: { archived: false } })).status).toBe(200);
    expect((await getLiveDocument(h.db, "beta"))?.version).toBe(2);
  });

  it("signs out: the session no longer works", async (ctx) => {
    need(ctx);
    const token = await signInAs("staff@test.example", "staff-password-1");
    const out = await call(handleSignOut, { open: true, cookie: token });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(/^fc_admin=; Path=\/; Max-Age=0;/);
    expect((await call(handleGetDraft, { cookie: token, slug: "alpha", method: "GET" })).status).toBe(401);
  });
});
