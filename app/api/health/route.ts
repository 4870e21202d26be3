import { healthRoute } from "../../../server/health-http";

export const dynamic = "force-dynamic";

export const GET = healthRoute;
