import { updateEvalRoute } from "../../../../server/trade-in/http";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return updateEvalRoute(request);
}
