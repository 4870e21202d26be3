import { saveCarRoute } from "../../../../server/watchlist/http";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return saveCarRoute(request);
}
