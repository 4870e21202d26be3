import { acceptOfferRoute } from "../../../../server/trade-in/http";

export const dynamic = "force-dynamic";

export const POST = acceptOfferRoute;
