import { requestCodeRoute } from "../../../../server/auth/http";

export const dynamic = "force-dynamic";

export const POST = requestCodeRoute;
