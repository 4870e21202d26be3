import { adminRoute } from "../../../../../../server/admin/http";
import { handleGeocode } from "../../../../../../server/admin/geocode";

export const GET = adminRoute(handleGeocode);
