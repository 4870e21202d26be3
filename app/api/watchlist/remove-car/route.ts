import { removeCarRoute } from "../../../../server/watchlist/http";

export const dynamic = "force-dynamic";

export const POST = removeCarRoute;
