import { healthReport } from "../../../server/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await healthReport();
  return Response.json(report, { status: report.status === "ok" ? 200 : 503 });
}
