import { adminRoute } from "../../../../../../../../server/admin/http";
import { handleRevokeFeedKey } from "../../../../../../../../server/admin/directory-http";

export const POST = adminRoute(handleRevokeFeedKey);
