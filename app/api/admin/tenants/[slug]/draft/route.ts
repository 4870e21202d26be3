import { adminRoute, handleGetDraft, handleSaveDraft } from "../../../../../../server/admin/http";

export const GET = adminRoute(handleGetDraft);
export const POST = adminRoute(handleSaveDraft);
