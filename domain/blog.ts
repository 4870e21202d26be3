/**
 * The blog listing (leads spec §2 screen 17, §9): cards with heading, image, description cut to
 * 80 characters, date as day/month/year and READ MORE. Pure.
 */
import { truncateChars } from "./vdp-rules";

/** Leads spec §9: blog descriptions are cut to 80 characters. */
export const BLOG_DESCRIPTION_LIMIT = 80;
/** Leads spec §2 screen 17: the card's link. */
export const READ_MORE = "READ MORE";

/** The card's description: the first 80 characters, then "...", when longer. */
export const blogDescription = (text: string) => truncateChars(text.trim().replace(/\s+/g, " "), BLOG_DESCRIPTION_LIMIT).text;

/** "2025-06-05" → "05/06/2025" (day/month/year); "" for anything that is not a date. */
export function blogDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso.trim());
  if (!m) return "";
  const [, y, mo, d] = m;
  const check = new Date(Date.UTC(+y, +mo - 1, +d));
  if (check.getUTCFullYear() !== +y || check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d) return "";
  return `${d}/${mo}/${y}`;
}
