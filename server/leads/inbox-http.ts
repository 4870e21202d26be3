/**
 * The leads inbox's endpoints, wrapped by adminRoute (server/admin/http.ts: admin host only, a
 * signed-in person, POSTs checked for cross-site forgery):
 *   GET  /api/admin/tenants/{slug}/leads.csv?form=&status=&from=&to=  the filtered leads as CSV
 *   POST /api/admin/tenants/{slug}/leads/{id}/resend                   a new round of deliveries
 */
import type { adminRoute } from "../admin/http";
import { rawReply } from "../http/endpoint";
import { kickLeadsOutbox } from "./outbox";
import { leadsCsv } from "./inbox-csv";
import { describeResend, resendLead } from "./inbox-lead";
import { parseInboxFilter } from "./inbox-filter";

type Handler = Parameters<typeof adminRoute>[0];

export const handleLeadsCsv: Handler = async (request, { handle, user }, { slug }) => {
  const query = new URL(request.url).searchParams;
  const { filter } = parseInboxFilter((name) => query.get(name));
  const { csv } = await leadsCsv(handle.db, user, slug, filter);
  const day = new Date().toISOString().slice(0, 10);
  return rawReply(200, csv, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${slug}-leads-${day}.csv"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
};

/** The resend handler; `kick` wakes the outbox worker (tests pass their own). */
export function resendHandler(kick: () => void = kickLeadsOutbox): Handler {
  return async (_request, { handle, user }, { slug, id }) => {
    const result = await resendLead(handle.db, user, slug, id ?? "");
    kick();
    return { ...result, message: describeResend(result) };
  };
}
