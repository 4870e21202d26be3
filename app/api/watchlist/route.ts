import { watchlistRoute } from "../../../server/watchlist/http";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return watchlistRoute(request);
}
