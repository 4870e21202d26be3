import { adminRoute, handleGetSchedule, handleSchedule } from "../../../../../../server/admin/http";

export const GET = adminRoute(handleGetSchedule);
export const POST = adminRoute(handleSchedule);
