/**
 * Cross-site request forgery defence for every admin mutation (POST): the request must say it comes
 * from the admin's own origin — its Origin header names the host it was sent to (browsers always
 * send Origin on a POST and a page cannot forge it), or, where a browser sends no Origin, its
 * Sec-Fetch-Site is same-origin. A request with neither is refused. Beside that the session cookie
 * is SameSite=Lax, so another site's POST does not carry it at all; and no GET changes anything.
 */
export const CROSS_SITE_REFUSED = "This request came from another site and was refused.";

export function isSameOriginRequest(request: Request): boolean {
  const hosts = [request.headers.get("host"), request.headers.get("x-forwarded-host")?.split(",")[0]?.trim()].filter(Boolean).map((h) => h!.toLowerCase());
  const origin = request.headers.get("origin");
  if (origin) {
    if (origin === "null") return false;
    try {
      return hosts.includes(new URL(origin).host.toLowerCase());
    } catch {
      return false;
    }
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}
