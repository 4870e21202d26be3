/**
 * Reading a Cookie header as hostile input: a value that is not valid percent-encoding (`%ZZ`), a
 * cookie without `=`, or a header of any length never throws; such a value is taken as it stands.
 */
const MAX_COOKIE_HEADER = 16 * 1024;

/** The value of cookie `name` in a Cookie header, or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  const header = (cookieHeader ?? "").slice(0, MAX_COOKIE_HEADER);
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** A session cookie's Set-Cookie value: host-only (no Domain), HttpOnly, SameSite=Lax, Secure over https. */
export function sessionSetCookie(name: string, value: string, opts: { secure: boolean; maxAgeSeconds: number }): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${opts.maxAgeSeconds}; HttpOnly; SameSite=Lax${opts.secure ? "; Secure" : ""}`;
}
