import { adminRoute, handleAssignDealership } from "../../../../../server/admin/http";

export const POST = adminRoute(handleAssignDealership);
