/**
 * The pre-publish checklist on the server (domain/publish-checklist.ts): the other sites' details
 * and the stock are read here, and every way of publishing from the admin — the editor's Publish,
 * the Feature flags screen, a scheduled publish — goes through `checkBeforePublishing`: a failing
 * item refuses a dealer, and refuses staff unless they publish anyway with a reason (audited).
 */
import { eq, ne } from "drizzle-orm";
import type { Db } from "../db";
import { tenants, tenantVersions } from "../db/schema";
import { HttpError, BadRequest, type ErrorBody } from "../errors";
import { countListed } from "../inventory/store";
import { validateTenant } from "../../domain/tenant-validation";
import { blocksPublishing, publishChecklist, type CheckItem } from "../../domain/publish-checklist";
import { cleanText } from "../http/body";
import { problemText } from "../../domain/field-place";
import { locationDealershipNames, ownershipErrors } from "../tenants/dealerships";

export const MAX_REASON_LENGTH = 500;

/** Publishing refused by the checklist: the answer carries the whole checklist and each problem as an error (its place in words as `where`). */
export class ChecklistRefused extends HttpError {
  constructor(
    message: string,
    readonly checklist: CheckItem[],
  ) {
    super(422, message);
  }

  override body(): ErrorBody {
    const errors = this.checklist.filter((i) => i.status === "fail").flatMap((i) => i.problems.map((p) => ({ pointer: p.pointer, where: p.where, message: p.message })));
    return { message: this.message, errors, checklist: this.checklist };
  }
}

export const DEALER_CHECKLIST_REFUSAL = "Not published: fix the failing checks first. Only Forecourt staff can publish a site that fails them.";
export const STAFF_CHECKLIST_REFUSAL = "Not published: fix the failing checks, or publish anyway and say why.";

/** The checklist of a document for site `slug` (the document as stored: it is validated here). */
export async function checklistFor(db: Db, slug: string, document: unknown, extraErrors: { pointer: string; message: string }[] = []): Promise<CheckItem[]> {
  const result = validateTenant(document, await locationDealershipNames(db, document));
  const all = [...(result.ok ? [] : result.errors), ...extraErrors];
  const errors = all.filter((e, i) => all.findIndex((f) => f.pointer === e.pointer && f.message === e.message) === i);
  if (!result.ok || errors.length) return publishChecklist(result.ok ? result.document : null, errors, { others: [], stock: 0 }, document);
  const rows = await db
    .select({ name: tenants.name, draft: tenants.draft, published: tenantVersions.document })
    .from(tenants)
    .leftJoin(tenantVersions, eq(tenantVersions.id, tenants.publishedVersionId))
    .where(ne(tenants.slug, slug));
  // What another site shows (its published document) and what it is about to (its draft).
  const others = rows.flatMap((r) => [{ name: r.name, document: r.draft }, ...(r.published ? [{ name: r.name, document: r.published }] : [])]);
  const stock = await countListed(db, result.document.dealerships.map((d) => d.id));
  return publishChecklist(result.document, [], { others, stock: stock.all, usedStock: stock.used });
}

/** The reason given with "Publish anyway", cleaned; refused when missing, not text or too long. */
export function overrideReason(value: unknown): string {
  if (value === undefined || value === null) throw new BadRequest("Say why the site is published although checks fail (reason).");
  if (typeof value !== "string") throw new BadRequest("The reason for publishing anyway must be text.");
  const reason = cleanText(value).replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  if (!reason) throw new BadRequest("Say why the site is published although checks fail (reason).");
  if (reason.length > MAX_REASON_LENGTH) throw new BadRequest(`The reason for publishing anyway is too long (at most ${MAX_REASON_LENGTH} characters).`);
  return reason;
}

/**
 * Checks a document before it is published by someone of `role`. Nothing fails: null. Something
 * fails: refused (ChecklistRefused) for a dealer, and for staff without `override`; with it, what
 * to write in the publish's audit entry.
 */
export async function checkBeforePublishing(
  db: Db,
  slug: string,
  document: unknown,
  who: { role: "staff" | "dealer"; override?: string | null },
): Promise<{ override: { reason: string; failing: { check: string; problems: string[] }[] } } | null> {
  const owned = await ownershipErrors(db, slug, document, { mayClaim: who.role === "staff" });
  const checklist = await checklistFor(db, slug, document, owned);
  // An invalid draft (or one naming a dealership it may not) is refused by publish() itself, with its errors at their fields.
  if (!blocksPublishing(checklist) || checklist[0].status === "fail") return null;
  if (who.role !== "staff") throw new ChecklistRefused(DEALER_CHECKLIST_REFUSAL, checklist);
  if (!who.override) throw new ChecklistRefused(STAFF_CHECKLIST_REFUSAL, checklist);
  const failing = checklist.filter((i) => i.status === "fail").map((i) => ({ check: i.summary, problems: i.problems.map((p) => problemText(p.where, p.message)) }));
  return { override: { reason: who.override, failing } };
}
