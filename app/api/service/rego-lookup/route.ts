import { regoLookupRoute } from "../../../../server/service-booking/http";

export const dynamic = "force-dynamic";

export const POST = regoLookupRoute;
