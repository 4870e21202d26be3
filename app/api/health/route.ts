import { healthReport } from "../../../server/health";
import { json } from "../../../server/http/json";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await healthReport();
  return json(report.status === "ok" ? 200 : 503, report);
}
