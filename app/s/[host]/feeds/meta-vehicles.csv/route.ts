import { adsFeedRoute } from "../../../../../server/ads-feeds/http";

export const dynamic = "force-dynamic";

export const GET = adsFeedRoute("meta");
