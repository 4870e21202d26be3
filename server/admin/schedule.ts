/**
 * Scheduled publishing: staff, or a dealer of the site, name the draft revision they looked at and
 * a time; the sweep (started by instrumentation.ts) publishes it when it is due, once. The publish
 * runs the same checks as the Publish button: the draft must still be that revision, valid, and
 * pass the pre-publish checklist (a dealer's schedule that fails a check is refused and the reason
 * kept; staff may schedule with a reason to publish anyway). Every step is in the audit log.
 */
import { and, asc, desc, eq, lte } from "drizzle-orm";
import { getDb, type Db, type DbHandle } from "../db";
import { every } from "../root/every";
import { auditLog, scheduledPublishes, tenants } from "../db/schema";
import { BadRequest, ConflictError, ForbiddenError, HttpError, NotFoundError } from "../errors";
import { getDraft, publish } from "../tenants/store";
import { formatInZone, zonePlace } from "../../domain/zoned-time";
import type { AdminUser } from "./accounts";
import { assertTenantAccess } from "./access";
import { checkBeforePublishing, ChecklistRefused } from "./checklist";

/** How far ahead a publish may be scheduled. */
export const MAX_SCHEDULE_DAYS = 366;
export const SCHEDULE_SWEEP_MS = 30_000;

export interface Schedule {
  id: number;
  revision: number;
  at: Date;
  by: string;
  status: "pending" | "published" | "refused" | "cancelled";
  /** Why it was not published, or the version it became. */
  outcome: string | null;
  version: number | null;
  override: string | null;
}

const toSchedule = (r: typeof scheduledPublishes.$inferSelect): Schedule => ({
  id: r.id, revision: r.revision, at: r.runAt, by: r.createdBy, status: r.status, outcome: r.outcome, version: r.version, override: r.override,
});

async function siteRow(db: Db, slug: string) {
  const [row] = await db.select({ id: tenants.id, draft: tenants.draft }).from(tenants).where(eq(tenants.slug, slug));
  if (!row) throw new NotFoundError(`No tenant with slug "${slug}".`);
  return row;
}

const timeZoneOf = (doc: unknown) => (doc as { identity?: { timeZone?: unknown } }).identity?.timeZone;

/** The site's pending schedule, and the last one that ran or was cancelled (to show how it went). */
export async function schedulesFor(db: Db, user: AdminUser, slug: string): Promise<{ pending: Schedule | null; last: Schedule | null }> {
  assertTenantAccess(user, slug);
  const site = await siteRow(db, slug);
  const rows = await db.select().from(scheduledPublishes).where(eq(scheduledPublishes.tenantId, site.id)).orderBy(desc(scheduledPublishes.id)).limit(2);
  const pending = rows.find((r) => r.status === "pending");
  const last = rows.find((r) => r.status !== "pending");
  return { pending: pending ? toSchedule(pending) : null, last: last ? toSchedule(last) : null };
}

/**
 * Schedules draft `revision` of `slug` to publish at `at` (replacing a pending schedule). Refused
 * when the time has passed or is more than MAX_SCHEDULE_DAYS ahead, when the draft changed since
 * `revision`, and when a dealer asks to publish anyway.
 */
export async function schedulePublish(
  db: Db,
  user: AdminUser,
  slug: string,
  input: { revision: number; at: Date; override?: string | null },
  now = new Date(),
): Promise<Schedule> {
  assertTenantAccess(user, slug);
  if (input.override && user.role !== "staff") throw new ForbiddenError("Only Forecourt staff can publish a site that fails its checks.");
  const draft = await getDraft(db, slug);
  const zone = typeof timeZoneOf(draft.document) === "string" ? (timeZoneOf(draft.document) as string) : "Australia/Sydney";
  if (input.at.getTime() <= now.getTime()) throw new BadRequest(`Choose a time still to come: ${formatInZone(input.at, zone)} has passed.`);
  if (input.at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) throw new BadRequest(`Choose a time within a year (${zonePlace(zone)} time).`);
  if (draft.revision !== input.revision) {
    throw new ConflictError(`The draft was changed by ${draft.updatedBy} after you opened it. Reload, then schedule the draft you see.`, {
      revision: draft.revision, updatedBy: draft.updatedBy, updatedAt: draft.updatedAt,
    });
  }
  return db.transaction(async (tx) => {
    const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).for("update");
    const replaced = await tx
      .update(scheduledPublishes)
      .set({ status: "cancelled", outcome: "Replaced by a new schedule.", doneAt: now })
      .where(and(eq(scheduledPublishes.tenantId, site.id), eq(scheduledPublishes.status, "pending")))
      .returning({ id: scheduledPublishes.id });
    const [row] = await tx
      .insert(scheduledPublishes)
      .values({ tenantId: site.id, revision: input.revision, runAt: input.at, createdBy: user.email, role: user.role, override: input.override ?? null })
      .returning();
    await tx.insert(auditLog).values({
      actor: user.email, tenantId: site.id, action: "schedule-publish",
      detail: { schedule: row.id, at: input.at.toISOString(), revision: input.revision, ...(input.override ? { override: input.override } : {}), ...(replaced.length ? { replaced: replaced[0].id } : {}) },
    });
    return toSchedule(row);
  });
}

/** Cancels the site's pending schedule; 404 when there is none. */
export async function cancelScheduledPublish(db: Db, user: AdminUser, slug: string, now = new Date()): Promise<Schedule> {
  assertTenantAccess(user, slug);
  const site = await siteRow(db, slug);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(scheduledPublishes)
      .set({ status: "cancelled", outcome: `Cancelled by ${user.email}.`, doneAt: now })
      .where(and(eq(scheduledPublishes.tenantId, site.id), eq(scheduledPublishes.status, "pending")))
      .returning();
    if (!row) throw new NotFoundError("Nothing is scheduled to publish on this site.");
    await tx.insert(auditLog).values({ actor: user.email, tenantId: site.id, action: "cancel-scheduled-publish", detail: { schedule: row.id } });
    return toSchedule(row);
  });
}

/** Why a due schedule is not published, in words for the editor; null when it may go ahead. */
function refusal(e: unknown): string | null {
  if (e instanceof ChecklistRefused) {
    const failing = e.checklist.filter((i) => i.status === "fail").map((i) => i.summary);
    return `Not published: a check failed. ${failing.join(" ")}`;
  }
  if (e instanceof HttpError) return `Not published: ${(e.body() as { message: string }).message}`;
  return null;
}

/**
 * Publishes every schedule due at `now`, each in one transaction with its row locked (SKIP LOCKED:
 * two app servers never take the same one), so a schedule is published once and marked in the same
 * commit. Answers what happened to each.
 */
export async function publishDue(handle: DbHandle, now = new Date()): Promise<{ id: number; slug: string; status: Schedule["status"]; outcome: string | null }[]> {
  const done = [];
  for (;;) {
    const result = await handle.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ s: scheduledPublishes, slug: tenants.slug, draftRevision: tenants.draftRevision, archivedAt: tenants.archivedAt })
        .from(scheduledPublishes)
        .innerJoin(tenants, eq(tenants.id, scheduledPublishes.tenantId))
        .where(and(eq(scheduledPublishes.status, "pending"), lte(scheduledPublishes.runAt, now)))
        .orderBy(asc(scheduledPublishes.runAt))
        .limit(1)
        .for("update", { of: scheduledPublishes, skipLocked: true });
      if (!due) return null;
      const { s } = due;
      let status: Schedule["status"] = "refused";
      let outcome: string;
      let version: number | null = null;
      if (due.archivedAt) outcome = "Not published: the site is archived.";
      else if (due.draftRevision !== s.revision) outcome = `Not published: the draft was changed after this publish was scheduled (revision ${s.revision}, now ${due.draftRevision}). Schedule it again to publish the newer draft.`;
      else {
        try {
          const draft = await getDraft(tx, due.slug);
          const checked = await checkBeforePublishing(tx, due.slug, draft.document, { role: s.role, override: s.override });
          // A savepoint: a refused publish is undone, and the refusal is still recorded below.
          const v = await publish({ ...handle, db: tx }, due.slug, {
            actor: s.createdBy, note: "Scheduled publish", expectedRevision: s.revision, claimDealerships: s.role === "staff",
            auditDetail: { scheduled: s.id, ...(checked ?? {}) },
          });
          status = "published";
          version = v.number;
          outcome = `Published version ${v.number}.`;
        } catch (e) {
          const why = refusal(e);
          if (why === null) throw e;
          outcome = why;
        }
      }
      await tx.update(scheduledPublishes).set({ status, outcome, version, doneAt: now }).where(eq(scheduledPublishes.id, s.id));
      if (status === "refused") await tx.insert(auditLog).values({ actor: s.createdBy, tenantId: s.tenantId, action: "scheduled-publish-refused", detail: { schedule: s.id, outcome } });
      return { id: s.id, slug: due.slug, status, outcome };
    });
    if (!result) return done;
    done.push(result);
  }
}

/** Starts the scheduled-publish sweep once per process; returns a function that stops it. */
export async function startScheduledPublishing(handle?: Promise<DbHandle>, intervalMs = SCHEDULE_SWEEP_MS): Promise<() => void> {
  const h = await (handle ?? getDb());
  return every("scheduled-publish", intervalMs, async () => {
    try {
      for (const r of await publishDue(h)) console.log(`[publish] scheduled publish ${r.id} of ${r.slug}: ${r.outcome}`);
    } catch (e) {
      console.error("[publish] the scheduled-publish sweep failed:", (e as Error).message);
    }
  });
}
