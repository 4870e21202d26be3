import { adminRoute, handleListDealerships } from "../../../../server/admin/http";
import { handleAddDealership } from "../../../../server/admin/directory-http";

export const GET = adminRoute(handleListDealerships);
export const POST = adminRoute(handleAddDealership);
