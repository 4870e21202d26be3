import { adminRoute, handleFlags } from "../../../../../../server/admin/http";

export const POST = adminRoute(handleFlags);
