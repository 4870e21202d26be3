import { mediaRoute } from "../../../server/inventory/http";

/** Generated vehicle pictures: /media/vehicles/{body}[/{model}]/{colour-hex}/{view}.{jpg|webp}. */
export const GET = mediaRoute;
