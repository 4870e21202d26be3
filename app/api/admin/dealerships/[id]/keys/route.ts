import { adminRoute } from "../../../../../../server/admin/http";
import { handleCreateFeedKey } from "../../../../../../server/admin/directory-http";

export const POST = adminRoute(handleCreateFeedKey);
