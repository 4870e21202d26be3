import { adminRoute } from "../../../../../../server/admin/http";
import { handleListMedia } from "../../../../../../server/admin/media-http";

export const GET = adminRoute(handleListMedia);
