/**
 * POST /api/admin/tenants/{slug}/secrets: a site's event secrets (server/tenants/event-secrets.ts),
 * write-only. {name, value} sets or replaces one, {name, clear: true} clears it; the answer is
 * whether each is set, never a value. Staff and the site's dealers (they own their GA4 property and
 * pixel); audited as "event-secret" with the name and what was done, never the value.
 */
import { eq } from "drizzle-orm";
import { auditLog, tenants } from "../db/schema";
import { BadRequest, NotFoundError } from "../errors";
import { readJsonObject } from "../http/body";
import { EVENT_SECRET_NAMES, eventSecretStatus, secretProblem, setEventSecret, type EventSecretName } from "../tenants/event-secrets";
import { assertTenantAccess } from "./access";
import type { AdminContext } from "./http";

const MAX_BODY_BYTES = 8 * 1024;

export async function handleEventSecret(request: Request, { handle, user }: AdminContext, { slug }: Record<string, string>) {
  assertTenantAccess(user, slug);
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  const name = body.name;
  if (typeof name !== "string" || !(EVENT_SECRET_NAMES as string[]).includes(name)) throw new BadRequest(`Say which secret (name): ${EVENT_SECRET_NAMES.join(" or ")}.`);
  const secret = name as EventSecretName;
  const clear = body.clear === true;
  if (!clear) {
    const problem = secretProblem(secret, body.value);
    if (problem) throw new BadRequest(problem);
  }
  const [site] = await handle.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  if (!site) throw new NotFoundError(`No tenant with slug "${slug}".`);
  await setEventSecret(handle.db, slug, secret, clear ? null : (body.value as string), user.email);
  await handle.db.insert(auditLog).values({ actor: user.email, tenantId: site.id, action: "event-secret", detail: { name: secret, done: clear ? "cleared" : "set" } });
  return { secrets: await eventSecretStatus(handle.db, slug) };
}
