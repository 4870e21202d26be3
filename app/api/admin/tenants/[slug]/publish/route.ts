import { adminRoute, handlePublish } from "../../../../../../server/admin/http";

export const POST = adminRoute(handlePublish);
