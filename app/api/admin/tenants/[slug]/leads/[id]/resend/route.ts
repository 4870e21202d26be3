import { adminRoute } from "../../../../../../../../server/admin/http";
import { resendHandler } from "../../../../../../../../server/leads/inbox-http";

export const POST = adminRoute(resendHandler());
