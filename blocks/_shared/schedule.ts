/**
 * Show-from / show-until rules for time-limited blocks (popup, announcement bar). Pure, so the
 * server (first render) and the browser (a cached page) apply the same rule.
 */

function time(iso: string): number {
  return Date.parse(iso);
}

/** A string as a JavaScript literal for an inline <script>: "<" is escaped so it cannot close the element. */
export const scriptLiteral = (s: string) => JSON.stringify(s).replace(/</g, "\\u003c");

/** isExpired as inline-script JavaScript (an expression): true once `expiry` has passed or when it is unreadable. */
export const expiredScript = (expiry: string) => `!(Date.now()<Date.parse(${scriptLiteral(expiry)}))`;

/** True once `expiry` has passed. An unreadable expiry counts as passed: never show too long. */
export function isExpired(expiry: string | undefined, now: Date): boolean {
  if (!expiry) return false;
  const t = time(expiry);
  return Number.isNaN(t) || now.getTime() >= t;
}

/** True before `start`. An unreadable start counts as not yet started. */
export function isNotYetStarted(start: string | undefined, now: Date): boolean {
  if (!start) return false;
  const t = time(start);
  return Number.isNaN(t) || now.getTime() < t;
}

/** True inside the [start, expiry) window; either end may be open. */
export function isLive(window: { start?: string; expiry?: string }, now: Date): boolean {
  return !isNotYetStarted(window.start, now) && !isExpired(window.expiry, now);
}

/** A short, stable hash (FNV-1a, base 36) so a changed text gets a new storage key. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** localStorage that may be missing or throw (private mode, blocked storage). */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage is unavailable: the choice lasts for this page view only.
  }
}
