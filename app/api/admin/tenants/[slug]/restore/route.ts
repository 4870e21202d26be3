import { adminRoute, handleRestore } from "../../../../../../server/admin/http";

export const POST = adminRoute(handleRestore);
