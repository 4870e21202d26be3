import { decodeComponent } from "../../../../domain/uri";
import { robotsResponse } from "../../../../server/seo/sitemap";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ host: string }> }) {
  return robotsResponse(decodeComponent((await params).host));
}
