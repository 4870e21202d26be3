import { adminRoute, handleChecklist } from "../../../../../../server/admin/http";

export const GET = adminRoute(handleChecklist);
