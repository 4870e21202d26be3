import { signOutRoute } from "../../../../server/auth/http";

export const dynamic = "force-dynamic";

export const POST = signOutRoute;
