import { decodeComponent } from "../../../../../../../../../../domain/uri";
import { handlePreviewMultiQuery } from "../../../../../../../../../../server/search/http";

export const dynamic = "force-dynamic";

/** A preview's search (proxy.ts rewrites /preview/{token}/api/search/… on a site's host to here). */
export async function POST(request: Request, { params }: { params: Promise<{ host: string; token: string }> }) {
  const { host, token } = await params;
  return handlePreviewMultiQuery(request, decodeComponent(host), token);
}
