/**
 * What the admin does to sites, for a signed-in person: every function checks the person's role
 * and sites first (server/admin/access.ts), then goes through the tenant store, so publishing
 * always runs server/tenants/store.ts publish() (which announces it on PUBLISHED_CHANNEL: live
 * documents and the page cache follow).
 */
import { and, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db, DbHandle } from "../db";
import { auditLog, tenantDomains, tenants, tenantVersions, vehicles } from "../db/schema";
import { NotFoundError, ValidationError } from "../errors";
import {
  createTenant, getDraft, getVersion, listVersions, publish, restoreVersion, saveDraft, setArchived,
  type DraftState, type VersionSummary,
} from "../tenants/store";
import { validateTenant } from "../../domain/tenant-validation";
import { DocumentMigrationError, migrateDocument } from "../../schemas/migrations";
import { jsonEqual } from "../../domain/json-diff";
import { applyFlags, featureFlags } from "../../domain/feature-flags";
import { COMMON_MAKES, parseSiteAnswers, wizardFieldFor, type StockKind, type WizardOptions } from "../../domain/new-site";
import { buildStarter } from "../../domain/starters";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import type { AdminUser } from "./accounts";
import { assertDealerChangeAllowed, assertStaff, assertTenantAccess, canAccessTenant } from "./access";
import { namedDealerships, ownershipErrors } from "../tenants/dealerships";
import { listDealerships } from "./dealerships";
import { checkBeforePublishing } from "./checklist";

export interface TenantRow {
  slug: string;
  name: string;
  template: string | null;
  domains: string[];
  archived: boolean;
  published: { version: number; at: Date; by: string } | null;
  /** The draft differs from the published version (or nothing is published yet). */
  unpublishedChanges: boolean;
  draftUpdatedAt: Date;
  draftUpdatedBy: string;
}

/** The sites the person may see, filtered by `query` (name, slug or domain, any case). */
export async function tenantList(db: Db, user: AdminUser, query = ""): Promise<TenantRow[]> {
  const rows = await db
    .select({
      id: tenants.id, slug: tenants.slug, name: tenants.name, draft: tenants.draft, archivedAt: tenants.archivedAt,
      draftUpdatedAt: tenants.draftUpdatedAt, draftUpdatedBy: tenants.draftUpdatedBy,
      version: tenantVersions.number, versionDoc: tenantVersions.document, publishedAt: tenantVersions.createdAt, publishedBy: tenantVersions.createdBy,
    })
    .from(tenants)
    .leftJoin(tenantVersions, eq(tenantVersions.id, tenants.publishedVersionId))
    .orderBy(tenants.name);
  const q = query.trim().toLowerCase();
  return rows
    .filter((r) => canAccessTenant(user, r.slug))
    .map((r): TenantRow => {
      const draft = r.draft as { template?: string; identity?: { domains?: string[] } };
      return {
        slug: r.slug,
        name: r.name,
        template: draft.template ?? null,
        domains: draft.identity?.domains ?? [],
        archived: !!r.archivedAt,
        published: r.version != null ? { version: r.version, at: r.publishedAt!, by: r.publishedBy! } : null,
        unpublishedChanges: r.version == null || !jsonEqual(r.draft, r.versionDoc),
        draftUpdatedAt: r.draftUpdatedAt,
        draftUpdatedBy: r.draftUpdatedBy,
      };
    })
    .filter((r) => !q || [r.name, r.slug, ...r.domains].some((s) => s.toLowerCase().includes(q)));
}

export async function draftFor(db: Db, user: AdminUser, slug: string): Promise<DraftState & { archived: boolean; published: VersionSummary | null; unpublishedChanges: boolean }> {
  assertTenantAccess(user, slug);
  const draft = await getDraft(db, slug);
  const [row] = await db.select({ archivedAt: tenants.archivedAt, doc: tenantVersions.document }).from(tenants).leftJoin(tenantVersions, eq(tenantVersions.id, tenants.publishedVersionId)).where(eq(tenants.slug, slug));
  const published = (await listVersions(db, slug)).find((v) => v.live) ?? null;
  return { ...(await withOwnership(db, user, draft)), archived: !!row?.archivedAt, published, unpublishedChanges: !published || !jsonEqual(draft.document, row?.doc) };
}

/** A draft's errors with those of the dealerships it names, as `user` would meet them on publishing. */
async function withOwnership<T extends DraftState>(db: Db, user: AdminUser, draft: T): Promise<T> {
  const extra = await ownershipErrors(db, draft.slug, draft.document, { mayClaim: user.role === "staff" });
  return extra.length ? { ...draft, errors: [...draft.errors, ...extra] } : draft;
}

/**
 * Saves the draft. Refused (nothing saved) when it names a dealership of another site, or — for a
 * dealer — an unassigned dealership the stored draft did not already name (staff put that there).
 */
export async function saveTenantDraft(db: Db, user: AdminUser, slug: string, doc: unknown, revision: number): Promise<DraftState> {
  assertTenantAccess(user, slug);
  const current = (await getDraft(db, slug)).document;
  assertDealerChangeAllowed(user, current, doc);
  const tolerate = new Set(namedDealerships(current).map((d) => d.id));
  const refused = await ownershipErrors(db, slug, doc, { mayClaim: user.role === "staff", tolerate });
  if (refused.length) throw new ValidationError(`The draft was not saved: ${refused.map((e) => e.message).join(" ")}`, refused);
  return withOwnership(db, user, await saveDraft(db, slug, doc, { actor: user.email, expectedRevision: revision }));
}

/**
 * Publishes the draft the person looked at (`revision`); refused with every error while it is
 * invalid, and while the pre-publish checklist fails (server/admin/checklist.ts) — staff may
 * publish anyway with `override`, a reason that goes into the audit log. Staff publishing assigns
 * the unassigned dealerships the draft names to the site.
 */
export async function publishTenant(handle: DbHandle, user: AdminUser, slug: string, revision?: number, override?: string | null): Promise<VersionSummary> {
  assertTenantAccess(user, slug);
  const draft = await getDraft(handle.db, slug);
  // A stale revision is refused by publish() (409) before anything is checked.
  const checked = revision === undefined || revision === draft.revision ? await checkBeforePublishing(handle.db, slug, draft.document, { role: user.role, override }) : null;
  return publish(handle, slug, { actor: user.email, expectedRevision: revision, claimDealerships: user.role === "staff", auditDetail: checked ?? undefined });
}

export async function restoreTenantVersion(db: Db, user: AdminUser, slug: string, version: number, revision?: number): Promise<DraftState> {
  assertTenantAccess(user, slug);
  const [current, old] = await Promise.all([getDraft(db, slug), getVersion(db, slug, version)]);
  // Compared as it will be restored: migrated (one that cannot be is refused by restoreVersion).
  let restored = old.document;
  try {
    restored = migrateDocument(old.document).document;
  } catch (e) {
    if (!(e instanceof DocumentMigrationError)) throw e;
  }
  assertDealerChangeAllowed(user, current.document, restored);
  // An old version may name a dealership that has since gone to another site: the draft is
  // restored all the same, with that error, and cannot be published until it is removed.
  return withOwnership(db, user, await restoreVersion(db, slug, version, { actor: user.email, expectedRevision: revision }));
}

export const FLAGS = featureFlags(tenantSchema as never);

/**
 * The Feature flags screen's one step: the flags are written into the draft the person looked at
 * (`revision`) and that draft is published. Refused (nothing saved) when the draft would not
 * validate, listing the errors.
 */
export async function setFlagsAndPublish(handle: DbHandle, user: AdminUser, slug: string, values: Record<string, boolean>, revision: number): Promise<VersionSummary> {
  assertTenantAccess(user, slug);
  const current = await getDraft(handle.db, slug);
  const next = applyFlags(FLAGS, current.document, values);
  const check = validateTenant(next);
  if (!check.ok) throw new ValidationError(`The draft of "${slug}" cannot be published:`, check.errors);
  const owned = await ownershipErrors(handle.db, slug, next, { mayClaim: user.role === "staff" });
  if (owned.length) throw new ValidationError(`The draft of "${slug}" cannot be published:`, owned);
  // The flags publish the whole draft: it passes the checklist like any publish (no override here).
  await checkBeforePublishing(handle.db, slug, next, { role: user.role });
  const saved = await saveDraft(handle.db, slug, next, { actor: user.email, expectedRevision: revision });
  const [row] = await handle.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  await handle.db.insert(auditLog).values({ actor: user.email, tenantId: row.id, action: "flags", detail: { flags: values, revision: saved.revision } });
  return publish(handle, slug, { actor: user.email, expectedRevision: saved.revision, note: "Feature flags", claimDealerships: user.role === "staff" });
}

export async function archiveTenant(db: Db, user: AdminUser, slug: string, archived: boolean): Promise<void> {
  assertStaff(user, archived ? "archive a site" : "bring back an archived site");
  await setArchived(db, slug, archived, { actor: user.email });
}

/**
 * What the New dealer site wizard offers: the makes of each stock kind (common ones and those of
 * the platform's stock), the dealership directory with stock counts, and the number a new
 * dealership would get (one past every number the platform knows).
 */
export async function wizardOptions(db: Db, user: AdminUser): Promise<WizardOptions> {
  assertStaff(user, "create a site");
  const [dealerships, stockMakes, [top]] = await Promise.all([
    listDealerships(db, user),
    db.selectDistinct({ make: sql<string>`trim(${vehicles.make})`, kind: vehicles.itemType }).from(vehicles),
    db.select({ id: max(vehicles.dealershipId) }).from(vehicles),
  ]);
  const makes = Object.fromEntries(Object.entries(COMMON_MAKES).map(([kind, list]) => [kind, new Set(list)])) as Record<StockKind, Set<string>>;
  for (const r of stockMakes) if (r.make && r.make.length <= 80) makes[r.kind as StockKind]?.add(r.make);
  const ids = [top?.id ?? 0, ...dealerships.map((d) => d.id)];
  return {
    makes: Object.fromEntries(Object.entries(makes).map(([kind, set]) => [kind, [...set].sort((a, b) => a.localeCompare(b))])) as Record<StockKind, string[]>,
    dealerships: dealerships.map((d) => ({ id: d.id, name: d.name, tenant: d.tenant, stock: d.stock, vehicles: d.vehicles })),
    newDealershipId: Math.max(0, ...ids) + 1,
  };
}

/**
 * The New dealer site wizard: checks the answers (every problem named by its field), builds the
 * site from the starter of the chosen kind and creates its draft when it validates; otherwise
 * nothing is created and every error is returned with its field's pointer.
 */
export async function createSiteFromWizard(db: Db, user: AdminUser, body: Record<string, unknown>): Promise<DraftState> {
  assertStaff(user, "create a site");
  const { answers, errors: answerErrors } = parseSiteAnswers(body, await wizardOptions(db, user));
  if (!answers) throw new ValidationError("The new site is not complete:", answerErrors);
  const doc = buildStarter(answers);
  const check = validateTenant(doc);
  const errors = check.ok ? [] : [...check.errors];
  if (answers.domains.length) {
    const taken = await db.select({ domain: tenantDomains.domain }).from(tenantDomains).where(inArray(tenantDomains.domain, answers.domains));
    for (const t of taken) errors.push({ pointer: "/domains", message: `The domain ${t.domain} already serves another site.` });
  }
  // Staff may name unassigned dealerships (publishing the site assigns them), never another site's.
  errors.push(...(await ownershipErrors(db, answers.slug, doc, { mayClaim: true })));
  const [clash] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, answers.slug));
  if (clash) errors.push({ pointer: "/slug", message: `Another site already has the web address name "${answers.slug}"; change the site name, or the web address name under Advanced.` });
  if (errors.length) throw new ValidationError("The new site is not complete:", errors.map((e) => ({ ...e, pointer: wizardFieldFor(e.pointer) ?? e.pointer })));
  return createTenant(db, doc, user.email);
}

export interface AuditEntry {
  at: Date;
  actor: string;
  action: string;
  detail: unknown;
}

/** Who changed, published, restored or archived the site, newest first. */
export async function auditFor(db: Db, user: AdminUser, slug: string, limit = 50): Promise<AuditEntry[]> {
  assertTenantAccess(user, slug);
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  if (!row) throw new NotFoundError(`No tenant with slug "${slug}".`);
  return db
    .select({ at: auditLog.at, actor: auditLog.actor, action: auditLog.action, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, row.id)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
