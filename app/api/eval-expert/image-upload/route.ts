import { imageUploadRoute } from "../../../../server/trade-in/http";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return imageUploadRoute(request);
}
