import { adminRoute } from "../../../../../../../../server/admin/http";
import { handleReplaceMedia } from "../../../../../../../../server/admin/media-http";

export const POST = adminRoute(handleReplaceMedia);
