import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, DbHandle } from "../db";
import { auditLog, tenantDomains, tenants, tenantVersions } from "../db/schema";
import { validateTenant, type TenantError } from "../../domain/tenant-validation";
import { DocumentMigrationError, migrateDocument } from "../../schemas/migrations";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { foreignDealerships, settleDealerships } from "./dealerships";
import { PUBLISHED_CHANNEL } from "./channel";

export { PUBLISHED_CHANNEL };

export interface DraftState {
  slug: string;
  document: unknown;
  revision: number;
  updatedBy: string;
  updatedAt: Date;
  /** Validation of the draft as it stands; a draft may be invalid while it is being edited. */
  errors: TenantError[];
}

export interface VersionSummary {
  number: number;
  createdBy: string;
  createdAt: Date;
  note: string | null;
  restoredFrom: number | null;
  live: boolean;
}

async function tenantRow(db: Db, slug: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug));
  if (!row) throw new NotFoundError(`No tenant with slug "${slug}".`);
  return row;
}

/**
 * `doc` brought to the current schemaVersion (schemas/migrations), as every document read or written
 * here is before it is validated. A document this code cannot migrate (written by a newer release)
 * comes back as it is, with the reason as its error.
 */
function upgrade(doc: unknown): { document: unknown; applied: string[]; errors: TenantError[] } {
  try {
    const { document, applied } = migrateDocument(doc);
    return { document, applied, errors: [] };
  } catch (e) {
    if (!(e instanceof DocumentMigrationError)) throw e;
    return { document: doc, applied: [], errors: [{ pointer: e.pointer, message: e.message }] };
  }
}

/** `doc` migrated, refused with a ValidationError when it cannot be. */
function upgraded(doc: unknown, refusal: string): unknown {
  const { document, errors } = upgrade(doc);
  if (errors.length) throw new ValidationError(refusal, errors);
  return document;
}

/** The errors of a migrated document. */
const errorsOf = (doc: unknown) => {
  const v = validateTenant(doc);
  return v.ok ? [] : v.errors;
};

/** Creates a tenant whose draft is `doc`. Nothing is public until it is published. */
export async function createTenant(db: Db, input: unknown, actor: string): Promise<DraftState> {
  const doc = upgraded(input, "The site was not created:");
  const identity = (doc as { identity?: { slug?: unknown; name?: unknown } })?.identity;
  if (typeof identity?.slug !== "string" || typeof identity.name !== "string") {
    throw new ValidationError("A new site needs identity.slug and identity.name.", [{ pointer: "/identity/slug", message: "is required" }]);
  }
  const { slug, name } = identity as { slug: string; name: string };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    if (existing) throw new ValidationError(`A site with slug "${slug}" already exists.`, [{ pointer: "/identity/slug", message: `"${slug}" is taken` }]);
    const valid = errorsOf(doc).length === 0;
    const [row] = await tx.insert(tenants).values({ slug, name, draft: doc, draftUpdatedBy: actor, ...(valid ? { lastValidDraft: doc, lastValidRevision: 1 } : {}) }).returning();
    await tx.insert(auditLog).values({ actor, tenantId: row.id, action: "create", detail: { slug } });
    return { slug, document: doc, revision: row.draftRevision, updatedBy: actor, updatedAt: row.draftUpdatedAt, errors: errorsOf(doc) };
  });
}

export async function getDraft(db: Db, slug: string): Promise<DraftState> {
  const row = await tenantRow(db, slug);
  const { document, errors } = upgrade(row.draft);
  return { slug, document, revision: row.draftRevision, updatedBy: row.draftUpdatedBy, updatedAt: row.draftUpdatedAt, errors: errors.length ? errors : errorsOf(document) };
}

/**
 * The newest saved draft of `slug` without errors (as it validates now), with its revision; null
 * when there is none. A preview shows it while the draft itself has errors.
 */
export async function lastValidDraft(db: Db, slug: string): Promise<{ document: TenantDocument; revision: number } | null> {
  const [row] = await db.select({ doc: tenants.lastValidDraft, revision: tenants.lastValidRevision }).from(tenants).where(eq(tenants.slug, slug));
  if (!row?.doc || row.revision === null) return null;
  const v = validateTenant(upgrade(row.doc).document);
  return v.ok ? { document: v.document, revision: row.revision } : null;
}

const draftChanged = (row: typeof tenants.$inferSelect) =>
  new ConflictError(
    `The draft was changed by ${row.draftUpdatedBy} at ${row.draftUpdatedAt.toISOString()} after you opened it. Reload to see their changes; your edits are not lost until you leave.`,
    { revision: row.draftRevision, updatedBy: row.draftUpdatedBy, updatedAt: row.draftUpdatedAt },
  );

/**
 * Saves the draft. With `expectedRevision`, the save is refused (ConflictError) when someone else
 * saved since that revision, so neither editor silently overwrites the other.
 */
export async function saveDraft(db: Db, slug: string, input: unknown, opts: { actor: string; expectedRevision?: number }): Promise<DraftState> {
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    throw new ValidationError("A draft must be a JSON object.", [{ pointer: "", message: "must be an object" }]);
  }
  const doc = upgraded(input, "The draft was not saved:");
  const docSlug = (doc as { identity?: { slug?: unknown } }).identity?.slug;
  if (docSlug !== undefined && docSlug !== slug) {
    throw new ValidationError("The slug of an existing site cannot be changed in its draft.", [{ pointer: "/identity/slug", message: `must stay "${slug}"` }]);
  }
  const errors = errorsOf(doc);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(tenants).where(eq(tenants.slug, slug)).for("update");
    if (!row) throw new NotFoundError(`No tenant with slug "${slug}".`);
    if (opts.expectedRevision !== undefined && opts.expectedRevision !== row.draftRevision) throw draftChanged(row);
    const revision = row.draftRevision + 1;
    const [updated] = await tx
      .update(tenants)
      .set({ draft: doc, draftRevision: revision, draftUpdatedAt: new Date(), draftUpdatedBy: opts.actor, ...(errors.length ? {} : { lastValidDraft: doc, lastValidRevision: revision }) })
      .where(eq(tenants.id, row.id))
      .returning();
    await tx.insert(auditLog).values({ actor: opts.actor, tenantId: row.id, action: "save-draft", detail: { revision: updated.draftRevision } });
    return { slug, document: doc, revision: updated.draftRevision, updatedBy: opts.actor, updatedAt: updated.draftUpdatedAt, errors };
  });
}

/**
 * Publishes the draft as a new version. Refused with a ValidationError listing every problem when
 * the draft is invalid, when one of its domains already serves another site, or when it names a
 * dealership of another site (server/admin/dealerships.ts). With `claimDealerships` (the default;
 * false for a dealer's publish) unassigned dealerships it names are assigned to the site, else
 * naming one is refused too.
 */
export async function publish(
  handle: DbHandle,
  slug: string,
  opts: {
    actor: string;
    note?: string;
    expectedRevision?: number;
    restoredFrom?: number | null;
    claimDealerships?: boolean;
    /** More for the publish's audit entry (a staff override of the checklist, a schedule's id). */
    auditDetail?: Record<string, unknown>;
  },
): Promise<VersionSummary> {
  const { db } = handle;
  const summary = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tenants).where(eq(tenants.slug, slug)).for("update");
    if (!row) throw new NotFoundError(`No tenant with slug "${slug}".`);
    // With `expectedRevision`, only the draft the publisher looked at is published.
    if (opts.expectedRevision !== undefined && opts.expectedRevision !== row.draftRevision) throw draftChanged(row);
    // A draft saved before a schema change is migrated first, and published (and kept) migrated.
    const { document: draft, applied, errors: refused } = upgrade(row.draft);
    if (refused.length) throw new ValidationError(`The draft of "${slug}" cannot be published:`, refused);
    const result = validateTenant(draft);
    if (!result.ok) throw new ValidationError(`The draft of "${slug}" cannot be published:`, result.errors);
    const doc = result.document;

    const domains = doc.identity.domains;
    const taken = domains.length
      ? await tx.select().from(tenantDomains).where(and(inArray(tenantDomains.domain, domains), ne(tenantDomains.tenantId, row.id)))
      : [];
    if (taken.length) {
      const errors = taken.map((t) => ({ pointer: `/identity/domains/${domains.indexOf(t.domain)}`, message: `"${t.domain}" already serves another site` }));
      throw new ValidationError(`The draft of "${slug}" cannot be published:`, errors);
    }
    const owned = await settleDealerships(tx, row, draft, { claim: opts.claimDealerships !== false, actor: opts.actor, via: "publish" });
    if (owned.errors.length) throw new ValidationError(`The draft of "${slug}" cannot be published:`, owned.errors);

    // A draft published just as a restore left it records the version it came from.
    const [restore] = await tx
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, row.id), eq(auditLog.action, "restore")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const restored = restore?.detail as { version?: number; revision?: number } | undefined;
    const restoredFrom = opts.restoredFrom ?? (restored?.revision === row.draftRevision ? (restored.version ?? null) : null);

    const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${tenantVersions.number}), 0)` }).from(tenantVersions).where(eq(tenantVersions.tenantId, row.id));
    // Store the draft as written (without filled-in defaults) so a later default change applies to it.
    const [version] = await tx
      .insert(tenantVersions)
      .values({ tenantId: row.id, number: Number(max) + 1, document: draft, createdBy: opts.actor, note: opts.note ?? null, restoredFrom })
      .returning();
    await tx.update(tenants).set({ publishedVersionId: version.id, name: doc.identity.name, ...(applied.length && { draft }) }).where(eq(tenants.id, row.id));
    await tx.delete(tenantDomains).where(eq(tenantDomains.tenantId, row.id));
    if (domains.length) await tx.insert(tenantDomains).values(domains.map((domain) => ({ domain, tenantId: row.id })));
    await tx.insert(auditLog).values({ actor: opts.actor, tenantId: row.id, action: "publish", detail: { ...opts.auditDetail, version: version.number } });
    await tx.execute(sql`select pg_notify(${PUBLISHED_CHANNEL}, ${slug})`);
    return { number: version.number, createdBy: version.createdBy, createdAt: version.createdAt, note: version.note, restoredFrom: version.restoredFrom, live: true };
  });
  return summary;
}

/** Copies an old version into the draft (publish it to make it live). */
export async function restoreVersion(db: Db, slug: string, number: number, opts: { actor: string; expectedRevision?: number }): Promise<DraftState> {
  const row = await tenantRow(db, slug);
  const version = await getVersion(db, slug, number);
  const draft = await saveDraft(db, slug, version.document, { actor: opts.actor, expectedRevision: opts.expectedRevision });
  await db.insert(auditLog).values({ actor: opts.actor, tenantId: row.id, action: "restore", detail: { version: number, revision: draft.revision } });
  return draft;
}

/** One published version's document as it was written (not migrated: restoring it migrates it). */
export async function getVersion(db: Db, slug: string, number: number): Promise<VersionSummary & { document: unknown }> {
  const row = await tenantRow(db, slug);
  const [v] = await db.select().from(tenantVersions).where(and(eq(tenantVersions.tenantId, row.id), eq(tenantVersions.number, number)));
  if (!v) throw new NotFoundError(`"${slug}" has no version ${number}.`);
  return { number: v.number, createdBy: v.createdBy, createdAt: v.createdAt, note: v.note, restoredFrom: v.restoredFrom, live: v.id === row.publishedVersionId, document: v.document };
}

/**
 * Archives a site (it stops being served; its draft and versions are kept) or brings it back.
 * Announced on PUBLISHED_CHANNEL like a publish, so every process stops (or starts) serving it.
 */
export async function setArchived(db: Db, slug: string, archived: boolean, opts: { actor: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tenants).where(eq(tenants.slug, slug)).for("update");
    if (!row) throw new NotFoundError(`No tenant with slug "${slug}".`);
    await tx.update(tenants).set({ archivedAt: archived ? new Date() : null }).where(eq(tenants.id, row.id));
    await tx.insert(auditLog).values({ actor: opts.actor, tenantId: row.id, action: archived ? "archive" : "unarchive", detail: null });
    await tx.execute(sql`select pg_notify(${PUBLISHED_CHANNEL}, ${slug})`);
  });
}

export async function listVersions(db: Db, slug: string): Promise<VersionSummary[]> {
  const row = await tenantRow(db, slug);
  const rows = await db.select().from(tenantVersions).where(eq(tenantVersions.tenantId, row.id)).orderBy(desc(tenantVersions.number));
  return rows.map((v) => ({ number: v.number, createdBy: v.createdBy, createdAt: v.createdAt, note: v.note, restoredFrom: v.restoredFrom, live: v.id === row.publishedVersionId }));
}

export interface LiveDocument {
  slug: string;
  version: number;
  document: TenantDocument;
}

/**
 * The document visitors see: the published version, or — if that no longer validates (say, after
 * a schema change) or names a dealership of another site (published before dealerships had owners)
 * — the newest earlier version that is fine. Invalid documents are never served; the reason is
 * logged with its path and rule. A version written for an older schemaVersion is migrated first
 * (schemas/migrations) and served if it then validates. Null when nothing valid was ever published.
 */
export async function getLiveDocument(db: Db, slug: string): Promise<LiveDocument | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug));
  if (!row?.publishedVersionId || row.archivedAt) return null;
  const versions = await db.select().from(tenantVersions).where(eq(tenantVersions.tenantId, row.id)).orderBy(desc(tenantVersions.number));
  const live = versions.findIndex((v) => v.id === row.publishedVersionId);
  for (const v of versions.slice(live)) {
    const { document, errors } = upgrade(v.document);
    const result = errors.length ? ({ ok: false, errors } as const) : validateTenant(document);
    if (result.ok) {
      const foreign = await foreignDealerships(db, slug, result.document);
      if (!foreign.length) return { slug, version: v.number, document: result.document };
      console.error(`[tenants] ${slug} version ${v.number} names dealerships of another site (${foreign.join(", ")}) and is not served.`);
      continue;
    }
    console.error(`[tenants] ${slug} version ${v.number} is invalid and is not served:\n${result.errors.map((e) => `  ${e.pointer}: ${e.message}`).join("\n")}`);
  }
  return null;
}

/** The slug of the tenant a custom domain belongs to (published domains only). */
export async function slugForDomain(db: Db, domain: string): Promise<string | null> {
  const [row] = await db.select({ slug: tenants.slug }).from(tenantDomains).innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId)).where(eq(tenantDomains.domain, domain));
  return row?.slug ?? null;
}

export async function listTenants(db: Db) {
  return db
    .select({ slug: tenants.slug, name: tenants.name, publishedVersionId: tenants.publishedVersionId, draftRevision: tenants.draftRevision, archivedAt: tenants.archivedAt })
    .from(tenants)
    .orderBy(tenants.slug);
}

/** Every live (published, valid) document, for export. */
export async function liveDocuments(db: Db): Promise<{ slug: string; version: number; document: unknown }[]> {
  const out = [];
  for (const t of await listTenants(db)) {
    const [row] = await db
      .select({ number: tenantVersions.number, document: tenantVersions.document })
      .from(tenantVersions)
      .innerJoin(tenants, eq(tenants.publishedVersionId, tenantVersions.id))
      .where(eq(tenants.slug, t.slug));
    if (row && !t.archivedAt) out.push({ slug: t.slug, version: row.number, document: row.document });
  }
  return out;
}
