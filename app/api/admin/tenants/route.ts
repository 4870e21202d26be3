import { adminRoute, handleCreateTenant } from "../../../../server/admin/http";

export const POST = adminRoute(handleCreateTenant);
