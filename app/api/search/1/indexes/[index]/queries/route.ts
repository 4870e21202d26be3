import { multiQueryRoute } from "../../../../../../../server/search/http";

export const dynamic = "force-dynamic";

export const POST = multiQueryRoute;
