import { adminRoute, handleUpload } from "../../../../../../server/admin/http";

export const POST = adminRoute(handleUpload);
