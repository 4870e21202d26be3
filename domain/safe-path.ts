/**
 * Where sign-in may send a visitor afterwards: a path on the same site only. Anything else
 * (another origin, a protocol-relative "//host", a backslash trick, control characters) is "/".
 */
export function safeLocalPath(value: string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    // The path must resolve on the same origin, whatever the browser makes of it.
    const url = new URL(value, "https://site.invalid");
    if (url.origin !== "https://site.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
