import { signOutRoute } from "../../../../server/auth/http";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return signOutRoute(request);
}
