import { decodeComponent } from "../../../../domain/uri";
import { sitemapResponse } from "../../../../server/seo/sitemap";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ host: string }> }) {
  return sitemapResponse(request, decodeComponent((await params).host));
}
