import { adminRoute, handleArchive } from "../../../../../../server/admin/http";

export const POST = adminRoute(handleArchive);
