import { adminRoute } from "../../../../../../../../server/admin/http";
import { handleTradeInPhoto } from "../../../../../../../../server/trade-in/photos-http";

/** A trade-in photo, for the site's admins only. */
export const GET = adminRoute(handleTradeInPhoto);
