import { adminRoute, handleCancelSchedule } from "../../../../../../../server/admin/http";

export const POST = adminRoute(handleCancelSchedule);
