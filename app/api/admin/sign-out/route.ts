import { adminRoute, handleSignOut } from "../../../../server/admin/http";

export const POST = adminRoute(handleSignOut, { open: true });
