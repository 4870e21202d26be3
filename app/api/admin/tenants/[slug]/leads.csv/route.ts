import { adminRoute } from "../../../../../../server/admin/http";
import { handleLeadsCsv } from "../../../../../../server/leads/inbox-http";

export const GET = adminRoute(handleLeadsCsv);
