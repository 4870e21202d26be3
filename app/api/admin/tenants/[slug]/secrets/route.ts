import { adminRoute } from "../../../../../../server/admin/http";
import { handleEventSecret } from "../../../../../../server/admin/secrets-http";

export const POST = adminRoute(handleEventSecret);
