import { describe, expect, it } from "vitest";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createTenant, getDraft, publish } from "../tenants/store";
import { TOO_DEEP } from "../http/body";
import { upsertAdminUser } from "./accounts";
import { adminRoute, handleCreateTenant, handlePublish, handleRestore, handleSaveDraft, handleSignIn } from "./http";

// Issue 12 item 5: huge integers (restore version 1e308), NUL and lone surrogates, deep nesting —
// each used to reach PostgreSQL and answer 500.
const ADMIN = "localhost:3000";

describe.each(backends)("hostile admin input on %s", (_name, make) => {
  let h: DbHandle;
  let staff = "";
  const call = (handler: Parameters<typeof adminRoute>[0], body: string, opts: { slug?: string; open?: boolean; form?: boolean; cookie?: string } = {}) =>
    adminRoute(handler, { open: opts.open, handle: async () => h })(
      new Request(`http://${ADMIN}/api/admin/x`, {
        method: "POST",
        headers: { host: ADMIN, origin: `http://${ADMIN}`, "content-type": opts.form ? "application/x-www-form-urlencoded" : "application/json", cookie: `fc_admin=${opts.cookie ?? staff}` },
        body,
      }),
      { params: Promise.resolve({ slug: opts.slug ?? "alpha" }) },
    );

  const db = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors"), "seed");
    await publish(h, "alpha", { actor: "seed" });
    await upsertAdminUser(h.db, { email: "staff@test.example", password: "staff-password-1", role: "staff" });
    const res = await call(handleSignIn, JSON.stringify({ email: "staff@test.example", password: "staff-password-1" }), { open: true });
    staff = /fc_admin=([^;]+)/.exec(res.headers.get("set-cookie")!)![1];
  });

  it("answers a restore of version 1e308 or 2^64, and a revision of 1e308, with a 400, not a 500", async (c) => {
    db.need(c);
    const { revision } = await getDraft(h.db, "alpha");
    for (const body of ['{"version":1e308,"revision":1}', `{"version":18446744073709551616,"revision":${revision}}`, `{"version":1,"revision":1e308}`, '{"version":-0,"revision":-1}']) {
      const res = await call(handleRestore, body);
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Say which (version to restore|revision of the draft)/);
    }
    const publish = await call(handlePublish, '{"revision":1e308}');
    expect(publish.status).toBe(400);
  });

  it("saves a draft with NUL and half an emoji cleaned, and refuses one nested 10,000 deep", async (c) => {
    db.need(c);
    const draft = await getDraft(h.db, "alpha");
    const document = structuredClone(draft.document) as { identity: { name: string } };
    document.identity.name = "Alpha\u0000 Motors \uD83D";
    const res = await call(handleSaveDraft, JSON.stringify({ document, revision: draft.revision }));
    expect(res.status).toBe(200);
    expect(((await getDraft(h.db, "alpha")).document as { identity: { name: string } }).identity.name).toBe("Alpha Motors \uFFFD");
    const deep = await call(handleSaveDraft, `{"document":${"[".repeat(10_000)}${"]".repeat(10_000)},"revision":1}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ message: TOO_DEEP });
  });

  it("answers a wizard with NUL, a lone surrogate or a huge name, and a sign-in form with %00, with 4xx and the field's message", async (c) => {
    db.need(c);
    const wizard = await call(handleCreateTenant, JSON.stringify({ kind: "used\u0000", name: "X\uD800", slug: "x\u0000y", leadEmail: "a".repeat(300_000), domains: [] }));
    expect(wizard.status).toBe(422);
    const { errors } = await wizard.json();
    // NUL is dropped on the way in ("used", "xy" are fine); the lone surrogate became U+FFFD, which a name may not carry.
    expect(errors.slice(0, 3)).toEqual([
      { pointer: "/name", message: "Site name contains a character that cannot be used (a control character or a broken emoji); type it again." },
      { pointer: "/leadEmail", message: "Lead e-mail must be at most 254 characters (it has 300000)." },
      { pointer: "/phone", message: "Main phone is required." },
    ]);
    const form = await call(handleSignIn, "email=staff%40test.example%00&password=x%00", { open: true, form: true });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(/^\/admin\/sign-in\?error=wrong/);
  });
});
