import { getDb } from "../../../server/db";
import { handleEventPost } from "../../../server/analytics/http";
import { leadRateLimiter } from "../../../server/leads/rate-limit";
import { tenantForHost } from "../../../server/tenants/live";

export const dynamic = "force-dynamic";

/** An analytics event from a site's pages (renderer/analytics.ts), kept server-side. */
export function POST(request: Request) {
  return handleEventPost(request, { db: async () => (await getDb()).db, tenantForHost, limiter: leadRateLimiter });
}
