/**
 * The request line as hostile input, checked once where the server receives it (serving/index.ts):
 * - a path whose percent-encoding does not decode to UTF-8 (`%ZZ`, `%C0%AF`, `%ED%A0%80`, `%uD800`)
 *   makes Next's router answer 500 when it decodes a dynamic segment, and a path with `%00` would
 *   reach database lookups (PostgreSQL refuses U+0000 in text): both are answered 400;
 * - in the query string, `%00` is dropped (as U+0000 is from bodies), so a search or a car id with
 *   it still answers; malformed escapes there are left to URLSearchParams, which never throws.
 */
export const MALFORMED_PATH = "The address is not valid: its path has malformed percent-encoding or a NUL character.";

/** Whether the path of a request target (the query string aside) is malformed percent-encoding or holds U+0000. */
export function malformedPath(url: string | undefined): boolean {
  if (!url) return false;
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.includes("%")) return false;
  try {
    return decodeURIComponent(path).includes("\u0000");
  } catch {
    return true;
  }
}

/** The request target with every `%00` of its query string dropped. */
export function withoutNulInQuery(url: string): string {
  const q = url.indexOf("?");
  return q < 0 || !/%00/.test(url.slice(q)) ? url : url.slice(0, q) + url.slice(q).replace(/%00/g, "");
}
