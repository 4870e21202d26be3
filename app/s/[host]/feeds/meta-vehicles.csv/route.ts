import { metaFeedRoute } from "../../../../../server/ads-feeds/http";

export const dynamic = "force-dynamic";

export const GET = metaFeedRoute;
