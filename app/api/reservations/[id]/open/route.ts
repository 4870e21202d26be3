import { openRoute } from "../../../../../server/reservations/http";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** The link e-mailed to the buyer: this browser becomes the buyer's, then the confirmation page (server/reservations/http.ts). */
export async function GET(request: Request, { params }: Context) {
  return openRoute(request, (await params).id);
}
