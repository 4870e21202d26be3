import { adminRoute, handlePreviewToken } from "../../../../../../server/admin/http";

export const POST = adminRoute(handlePreviewToken);
