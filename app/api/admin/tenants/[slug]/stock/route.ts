import { adminRoute, handleStock } from "../../../../../../server/admin/http";

export const GET = adminRoute(handleStock);
