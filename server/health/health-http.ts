import { reply } from "../http/endpoint";
import { platformRoute } from "../http/platform-route";
import { healthReport } from "./health";

/** GET /api/health: 200 with the report when every check is ok, 503 otherwise (server/health/health.ts). */
export const healthRoute = platformRoute(async () => {
  const report = await healthReport();
  return reply(report.status === "ok" ? 200 : 503, report);
});
