import { regoLookupRoute } from "../../../../server/service-booking/http";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return regoLookupRoute(request);
}
