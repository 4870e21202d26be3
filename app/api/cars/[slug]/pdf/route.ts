import { vehiclePdfRoute } from "../../../../../server/inventory/vehicle-pdf";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ slug: string }> };

/** The PDF of one of the site's cars, saved as {slug}.pdf (spec §7 "PDF download"). */
export async function GET(request: Request, { params }: Context) {
  return vehiclePdfRoute(request, (await params).slug);
}
