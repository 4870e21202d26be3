import { getDb } from "../../../server/db";
import { handleLeadPost } from "../../../server/leads/http";
import { kickLeadsOutbox } from "../../../server/leads/outbox";
import { leadRateLimiter } from "../../../server/leads/rate-limit";
import { tenantForHost } from "../../../server/tenants/live";

export const dynamic = "force-dynamic";

/** A lead from a site's form (Idempotency-Key header); answers { lead_id } once it is stored. */
export function POST(request: Request) {
  return handleLeadPost(request, { db: async () => (await getDb()).db, tenantForHost, limiter: leadRateLimiter, stored: kickLeadsOutbox });
}
