import { adminRoute, handleListDealerships } from "../../../../server/admin/http";

export const GET = adminRoute(handleListDealerships);
