import { adminRoute } from "../../../../../../../../server/admin/http";
import { handleDeleteMedia } from "../../../../../../../../server/admin/media-http";

export const POST = adminRoute(handleDeleteMedia);
