import { handleMultiQuery } from "../../../../../../../server/search/http";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleMultiQuery(request);
}
