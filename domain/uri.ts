/** A percent-encoded URL component decoded, or as it stands when its encoding is malformed (`%ZZ`, `%C0%AF`): never throws. */
export function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
