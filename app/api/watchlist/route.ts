import { watchlistRoute } from "../../../server/watchlist/http";

export const dynamic = "force-dynamic";

export const GET = watchlistRoute;
