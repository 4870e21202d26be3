/** The editor's geocoding endpoint (see ./geocode.ts); same rules as every admin endpoint (adminRoute). */
import type { adminRoute } from "./http";
import { placeSiteAddress } from "./geocode";

type Handler = Parameters<typeof adminRoute>[0];
const MAX_PARAM = 40;

/** GET /api/admin/tenants/{slug}/geocode?postcode=4215&state=QLD: 200 {lat, long, label, postcode}; 422 {message} saying why not. */
export const handleGeocode: Handler = async (request, { handle, user }, { slug }) => {
  const params = new URL(request.url).searchParams;
  const read = (name: string) => (params.get(name) ?? "").slice(0, MAX_PARAM);
  return placeSiteAddress(handle.db, user, slug, { postcode: read("postcode"), state: read("state") });
};
