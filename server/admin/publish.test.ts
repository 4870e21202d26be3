import { describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { publishableTenant } from "../../tests/fixtures/tenant";
import { seedAdminSites } from "../../tests/fixtures/admin-sites";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { auditLog, dealerships, scheduledPublishes, tenants, tenantVersions } from "../db/schema";
import { upsertVehicle } from "../inventory/store";
import { getDraft, getLiveDocument, saveDraft } from "../tenants/store";
import { utcToZoned } from "../../domain/zoned-time";
import { checklistFor, DEALER_CHECKLIST_REFUSAL, STAFF_CHECKLIST_REFUSAL } from "./checklist";
import { adminRoute, handleCancelSchedule, handleChecklist, handleFlags, handleGetSchedule, handlePublish, handleSchedule, handleSignIn } from "./http";
import { publishDue } from "./schedule";

const ADMIN = "localhost:3000";
const ORIGIN = `http://${ADMIN}`;
const ZONE = "Australia/Brisbane";
const MINUTE = 60_000;

/** alpha with a menu link to a page it does not have. */
const withDeadLink = () => {
  const doc = publishableTenant("alpha", "Alpha Motors", 1);
  doc.navigation = { items: [{ label: "Broken", href: "/nowhere" }] } as typeof doc.navigation;
  return doc;
};
const DEAD_LINK = "Navigation › Broken › Goes to: “/nowhere” leads to no page of this site.";

describe.each(backends)("publishing from the admin on %s", (_name, make) => {
  let h: DbHandle;
  const cookies = { staff: "", dealer: "" };
  const db = withTestDatabase(make, async (handle) => {
    h = handle;
    await seedAdminSites(h);
    cookies.staff = await signInAs("staff@test.example", "staff-password-1");
    cookies.dealer = await signInAs("dealer@test.example", "dealer-password-1");
  });

  const call = async (handler: Parameters<typeof adminRoute>[0], who: "staff" | "dealer" | null, opts: { slug?: string; body?: unknown; method?: string } = {}) => {
    const method = opts.method ?? "POST";
    const headers: Record<string, string> = { host: ADMIN, origin: ORIGIN, "content-type": "application/json" };
    if (who) headers.cookie = `fc_admin=${cookies[who]}`;
    const request = new Request(`${ORIGIN}/api/admin/x`, { method, headers, body: method === "GET" ? undefined : JSON.stringify(opts.body ?? {}) });
    const res = await adminRoute(handler, { open: who === null, handle: async () => h })(request, { params: Promise.resolve({ slug: opts.slug ?? "alpha" }) });
    return { status: res.status, body: await res.json() };
  };
  async function signInAs(email: string, password: string) {
    const request = new Request(`${ORIGIN}/api/admin/sign-in`, { method: "POST", headers: { host: ADMIN, origin: ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
    const res = await adminRoute(handleSignIn, { open: true, handle: async () => h })(request);
    return /fc_admin=([^;]+)/.exec(res.headers.get("set-cookie")!)![1];
  }
  const revision = async (slug = "alpha") => (await getDraft(h.db, slug)).revision;
  const liveVersion = async (slug = "alpha") => (await getLiveDocument(h.db, slug))!.version;
  const versionCount = async () => {
    const [alpha] = await h.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, "alpha"));
    return (await h.db.select().from(tenantVersions).where(eq(tenantVersions.tenantId, alpha.id))).length;
  };
  const lastAudit = async (action: string) => {
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
    return row;
  };
  /** A wall-clock time in alpha's zone, `ms` from now (whole minutes, as the date-and-time field gives them). */
  const inZone = (ms: number) => utcToZoned(new Date(Date.now() + ms), ZONE);

  it("lists the checks of the saved draft, with the stock of its dealerships", async (ctx) => {
    db.need(ctx);
    const first = await call(handleChecklist, "dealer", { method: "GET" });
    expect(first.status).toBe(200);
    expect(first.body.revision).toBe(await revision());
    expect(first.body.checklist.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      ["valid", "pass"], ["links", "pass"], ["placeholders", "pass"], ["other-dealers", "pass"], ["lead-email", "pass"], ["listing-rules", "pass"], ["stock", "warn"],
    ]);
    await upsertVehicle(h.db, feedVehicle("alpha-1", { dealership_id: 1, location_id: 10 }));
    const after = await call(handleChecklist, "staff", { method: "GET" });
    expect(after.body.checklist.at(-1)).toEqual({ id: "stock", status: "pass", summary: "1 car in stock.", problems: [] });
    // Another site's checklist is not a dealer's to see.
    expect((await call(handleChecklist, "dealer", { method: "GET", slug: "beta" })).status).toBe(403);
  });

  it("names an invalid draft's problems by page, block and field, never by index or key", async (ctx) => {
    db.need(ctx);
    const doc = publishableTenant("alpha", "Alpha Motors", 1) as unknown as { pages: { blocks: { props: Record<string, unknown> }[] }[] };
    delete doc.pages[0].blocks[0].props.html;
    const [valid] = await checklistFor(h.db, "alpha", doc);
    expect(valid.problems).toEqual([{ message: "Text is required.", where: "Home page › Rich text › Text", pointer: "/pages/0/blocks/0/props/html" }]);
  });

  it("names a location's dealership that is not the site's by its stock-feed name, else by its number there", async (ctx) => {
    db.need(ctx);
    await h.db.insert(dealerships).values({ id: 7, name: "Gamma Motors" });
    const doc = publishableTenant("alpha", "Alpha Motors", 1);
    doc.locations[0].dealership_id = 7;
    const [named] = await checklistFor(h.db, "alpha", doc);
    expect(named.problems.map((p) => p.message)).toEqual(['"Gamma Motors" is not one of the site\'s dealerships; choose one of them, or add it under Dealerships.']);
    doc.locations[0].dealership_id = 99;
    const [numbered] = await checklistFor(h.db, "alpha", doc);
    expect(numbered.problems.map((p) => p.message)).toEqual(["The stock feed's dealership 99 is not one of the site's dealerships; choose one of them, or add it under Dealerships."]);
  });

  it("refuses staff a failing draft until they publish anyway with a reason, which the audit log keeps", async (ctx) => {
    db.need(ctx);
    await saveDraft(h.db, "alpha", withDeadLink(), { actor: "test" });
    const live = await liveVersion();
    const refused = await call(handlePublish, "staff", { body: { revision: await revision() } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(STAFF_CHECKLIST_REFUSAL);
    expect(refused.body.errors).toEqual([{ pointer: "/navigation/items/0/href", where: "Navigation › Broken › Goes to", message: "“/nowhere” leads to no page of this site." }]);
    expect(refused.body.checklist.find((i: { id: string }) => i.id === "links")).toMatchObject({ status: "fail", summary: "1 link leads to no page." });
    expect(await liveVersion()).toBe(live);

    for (const reason of [undefined, "   ", 42, "x".repeat(501)]) {
      const bad = await call(handlePublish, "staff", { body: { revision: await revision(), publishAnyway: true, reason } });
      expect([bad.status, typeof bad.body.message]).toEqual([400, "string"]);
    }
    expect(await liveVersion()).toBe(live);

    const ok = await call(handlePublish, "staff", { body: { revision: await revision(), publishAnyway: true, reason: "Campaign\u0000 page comes tomorrow" } });
    expect(ok.status).toBe(200);
    expect(await liveVersion()).toBe(live + 1);
    expect((await lastAudit("publish")).detail).toEqual({
      version: live + 1,
      override: { reason: "Campaign page comes tomorrow", failing: [{ check: "1 link leads to no page.", problems: [DEAD_LINK] }] },
    });
    // A draft that passes is published without one, and the audit entry says nothing of an override.
    await saveDraft(h.db, "alpha", publishableTenant("alpha", "Alpha Motors", 1), { actor: "test" });
    expect((await call(handlePublish, "staff", { body: { revision: await revision(), publishAnyway: true, reason: "not needed" } })).status).toBe(200);
    expect((await lastAudit("publish")).detail).toEqual({ version: live + 2 });
  });

  it("refuses a dealer a failing draft even when asked to publish anyway, and through the feature flags", async (ctx) => {
    db.need(ctx);
    await saveDraft(h.db, "alpha", withDeadLink(), { actor: "test" });
    const live = await liveVersion();
    const refused = await call(handlePublish, "dealer", { body: { revision: await revision(), publishAnyway: true, reason: "I say so" } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(DEALER_CHECKLIST_REFUSAL);
    expect(refused.body.errors).toEqual([{ pointer: "/navigation/items/0/href", where: "Navigation › Broken › Goes to", message: "“/nowhere” leads to no page of this site." }]);
    const flags = await call(handleFlags, "dealer", { body: { flags: { "/features/compare": false }, revision: await revision() } });
    expect([flags.status, flags.body.message]).toEqual([422, DEALER_CHECKLIST_REFUSAL]);
    expect(await liveVersion()).toBe(live);
    // Put right, the dealer publishes.
    await saveDraft(h.db, "alpha", publishableTenant("alpha", "Alpha Motors", 1), { actor: "test" });
    expect((await call(handlePublish, "dealer", { body: { revision: await revision() } })).status).toBe(200);
    expect(await liveVersion()).toBe(live + 1);
  });

  it("schedules the draft at a time in the site's zone, refuses a past one, and publishes it once when it is due", async (ctx) => {
    db.need(ctx);
    const past = await call(handleSchedule, "dealer", { body: { revision: await revision(), at: inZone(-2 * MINUTE) } });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/^Choose a time still to come: .+ Brisbane time has passed\.$/);
    for (const at of [undefined, "tomorrow", "2026-13-40T10:00", 17]) {
      expect((await call(handleSchedule, "dealer", { body: { revision: await revision(), at } })).status).toBe(400);
    }
    const stale = await call(handleSchedule, "dealer", { body: { revision: (await revision()) - 1, at: inZone(5 * MINUTE) } });
    expect(stale.status).toBe(409);

    const at = inZone(3 * MINUTE);
    const made = await call(handleSchedule, "dealer", { body: { revision: await revision(), at } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ revision: await revision(), status: "pending", by: "dealer@test.example", override: null, timeZone: ZONE });
    expect(utcToZoned(new Date(made.body.at), ZONE)).toBe(at);
    const shown = await call(handleGetSchedule, "dealer", { method: "GET" });
    expect(shown.body).toMatchObject({ pending: { id: made.body.id, status: "pending" }, timeZone: ZONE });

    const live = await liveVersion();
    const versions = await versionCount();
    expect(await publishDue(h, new Date())).toEqual([]);
    // Two sweeps at once (two app servers): the schedule is published by one of them, once.
    const later = new Date(Date.now() + 10 * MINUTE);
    const [a, b] = await Promise.all([publishDue(h, later), publishDue(h, later)]);
    expect([...a, ...b]).toEqual([{ id: made.body.id, slug: "alpha", status: "published", outcome: `Published version ${live + 1}.` }]);
    expect(await publishDue(h, later)).toEqual([]);
    expect([await liveVersion(), await versionCount()]).toEqual([live + 1, versions + 1]);
    const [version] = await h.db.select().from(tenantVersions).orderBy(desc(tenantVersions.id)).limit(1);
    expect([version.createdBy, version.note]).toEqual(["dealer@test.example", "Scheduled publish"]);
    expect((await lastAudit("publish")).detail).toEqual({ version: live + 1, scheduled: made.body.id });
    const done = await call(handleGetSchedule, "dealer", { method: "GET" });
    expect(done.body).toMatchObject({ pending: null, last: { id: made.body.id, status: "published", version: live + 1 } });
  });

  it("cancels a schedule: it is not published, and a second cancel finds nothing", async (ctx) => {
    db.need(ctx);
    const made = await call(handleSchedule, "staff", { body: { revision: await revision(), at: inZone(3 * MINUTE) } });
    // Scheduling again replaces the pending one.
    const again = await call(handleSchedule, "staff", { body: { revision: await revision(), at: inZone(4 * MINUTE) } });
    expect(again.status).toBe(201);
    const [replaced] = await h.db.select().from(scheduledPublishes).where(eq(scheduledPublishes.id, made.body.id));
    expect([replaced.status, replaced.outcome]).toEqual(["cancelled", "Replaced by a new schedule."]);

    const live = await liveVersion();
    const cancelled = await call(handleCancelSchedule, "dealer");
    expect(cancelled).toMatchObject({ status: 200, body: { id: again.body.id, status: "cancelled", outcome: "Cancelled by dealer@test.example." } });
    expect((await call(handleCancelSchedule, "dealer")).status).toBe(404);
    expect(await publishDue(h, new Date(Date.now() + 10 * MINUTE))).toEqual([]);
    expect(await liveVersion()).toBe(live);
    const audit = await h.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.actor, "dealer@test.example"), eq(auditLog.action, "cancel-scheduled-publish")));
    expect(audit).toHaveLength(1);
  });

  it("does not publish a dealer's schedule whose draft fails a check, nor one whose draft changed since; the reason is kept", async (ctx) => {
    db.need(ctx);
    await saveDraft(h.db, "alpha", withDeadLink(), { actor: "test" });
    const live = await liveVersion();
    const failing = await call(handleSchedule, "dealer", { body: { revision: await revision(), at: inZone(2 * MINUTE) } });
    expect(failing.status).toBe(201);
    // A dealer cannot schedule an override.
    expect((await call(handleSchedule, "dealer", { body: { revision: await revision(), at: inZone(2 * MINUTE), publishAnyway: true, reason: "please" } })).status).toBe(403);
    const later = new Date(Date.now() + 10 * MINUTE);
    const [refused] = await publishDue(h, later);
    expect(refused).toEqual({ id: failing.body.id, slug: "alpha", status: "refused", outcome: "Not published: a check failed. 1 link leads to no page." });
    expect(await liveVersion()).toBe(live);
    const shown = await call(handleGetSchedule, "dealer", { method: "GET" });
    expect(shown.body.last).toMatchObject({ status: "refused", outcome: refused.outcome, version: null });
    expect((await lastAudit("scheduled-publish-refused")).detail).toEqual({ schedule: failing.body.id, outcome: refused.outcome });

    // Staff may schedule it with a reason to publish anyway.
    const staff = await call(handleSchedule, "staff", { body: { revision: await revision(), at: inZone(2 * MINUTE), publishAnyway: true, reason: "Menu fixed next week" } });
    expect(staff.body.override).toBe("Menu fixed next week");
    expect((await publishDue(h, later))[0]).toMatchObject({ status: "published" });
    expect((await lastAudit("publish")).detail).toMatchObject({ scheduled: staff.body.id, override: { reason: "Menu fixed next week" } });

    // The draft changed after scheduling: nothing is published.
    await saveDraft(h.db, "alpha", publishableTenant("alpha", "Alpha Motors", 1), { actor: "test" });
    const stale = await call(handleSchedule, "dealer", { body: { revision: await revision(), at: inZone(2 * MINUTE) } });
    await saveDraft(h.db, "alpha", publishableTenant("alpha", "Alpha Motors Renamed", 1), { actor: "test" });
    const [changed] = await publishDue(h, later);
    expect(changed).toMatchObject({ id: stale.body.id, status: "refused" });
    expect(changed.outcome).toBe(`Not published: the draft was changed after this publish was scheduled (revision ${stale.body.revision}, now ${stale.body.revision + 1}). Schedule it again to publish the newer draft.`);
    expect((await getLiveDocument(h.db, "alpha"))!.document.identity.name).toBe("Alpha Motors");
  });
});
