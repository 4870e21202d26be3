import { viewRoute } from "../../../../../server/vehicle-views/http";

export const dynamic = "force-dynamic";

/** Records a view of one of the site's cars and answers { views, car_fields } (server/vehicle-views/http.ts). */
export const GET = viewRoute;
