import { adminRoute } from "../../../../../../server/admin/http";
import { handleGeocode } from "../../../../../../server/admin/geocode-http";

export const GET = adminRoute(handleGeocode);
