import { leadsRoute } from "../../../server/leads/http";

export const dynamic = "force-dynamic";

/** A lead from a site's form (Idempotency-Key header); answers { lead_id } once it is stored (server/leads/http.ts). */
export const POST = leadsRoute;
