import { verifyCodeRoute } from "../../../../server/auth/http";

export const dynamic = "force-dynamic";

export const POST = verifyCodeRoute;
