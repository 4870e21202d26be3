import { cancelRoute } from "../../../../../server/reservations/http";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** Cancel a held reservation: the deposit is refunded and the car released (server/reservations/http.ts). */
export async function POST(request: Request, { params }: Context) {
  return cancelRoute(request, (await params).id);
}
