/**
 * Cross-site request forgery defence for every admin mutation (POST): the request must say it comes
 * from the admin's own origin — its Origin header names the host it was sent to (browsers always
 * send Origin on a POST and a page cannot forge it), or, where a browser sends no Origin, its
 * Sec-Fetch-Site is same-origin. A request with neither is refused. Beside that the session cookie
 * is SameSite=Lax, so another site's POST does not carry it at all; and no GET changes anything.
 * Only the Host header counts: X-Forwarded-Host is anyone's to send, so it is never read.
 */
export const CROSS_SITE_REFUSED = "This request came from another site and was refused.";

export function isSameOriginRequest(request: Request): boolean {
  const host = request.headers.get("host")?.trim().toLowerCase();
  const origin = request.headers.get("origin");
  if (origin) {
    if (origin === "null" || !host) return false;
    try {
      return new URL(origin).host.toLowerCase() === host;
    } catch {
      return false;
    }
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}
