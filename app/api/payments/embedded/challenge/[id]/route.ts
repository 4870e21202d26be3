import { challengeRoute } from "../../../../../../server/reservations/http";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** The embedded payment provider's 3-D Secure page, and the shopper's answer to it (server/reservations/http.ts). */
export async function GET(request: Request, { params }: Context) {
  return challengeRoute(request, (await params).id);
}

export async function POST(request: Request, { params }: Context) {
  return challengeRoute(request, (await params).id);
}
