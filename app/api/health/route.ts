import { healthRoute } from "../../../server/health/health-http";

export const dynamic = "force-dynamic";

export const GET = healthRoute;
