import { sitemapRoute } from "../../../../server/seo/http";

export const dynamic = "force-dynamic";

export const GET = sitemapRoute;
