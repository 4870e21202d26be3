import { adminRoute } from "../../../../../../../server/admin/http";
import { handleMediaAlt } from "../../../../../../../server/admin/media-http";

export const POST = adminRoute(handleMediaAlt);
