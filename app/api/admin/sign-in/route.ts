import { adminRoute, handleSignIn } from "../../../../server/admin/http";

export const POST = adminRoute(handleSignIn, { open: true });
