/**
 * Where sign-in may send a visitor afterwards (redirect, back): a path on the same site only.
 * Anything else is the fallback ("/"): another origin, a protocol-relative "//host", a scheme
 * (javascript:, https:), a backslash (browsers read "/\host" as "//host"), control characters and
 * NUL, lone surrogates, any of those percent-encoded (once or more: "/%2F%2Fhost", "/%255Chost"),
 * or more than 2,000 characters.
 */
export const SAFE_PATH_MAX_LENGTH = 2000;

const FORBIDDEN = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether one reading of the value (as sent, or decoded) is a plain same-site path. */
const plainPath = (value: string) => value.startsWith("/") && !value.startsWith("//") && !FORBIDDEN.test(value) && !LONE_SURROGATE.test(value);

/** One decoding of the ASCII percent-escapes (the dangerous characters are all ASCII); other text stays as it is. */
const decodeAscii = (value: string) => value.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export function safeLocalPath(value: string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > SAFE_PATH_MAX_LENGTH) return fallback;
  // The value, then each decoding of it (a server or browser on the way may decode once more).
  let reading = value;
  for (let round = 0; ; round++) {
    if (!plainPath(reading)) return fallback;
    const decoded = decodeAscii(reading);
    if (decoded === reading) break;
    if (round === 3) return fallback; // still encoded after three decodings: nobody writes that
    reading = decoded;
  }
  try {
    // The path must resolve on the same origin, whatever the browser makes of it.
    const url = new URL(value, "https://site.invalid");
    if (url.origin !== "https://site.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
