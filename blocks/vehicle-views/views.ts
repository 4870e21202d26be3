/** The views line's wording and fetch (spec §7 "View data": GET /api/cars/{slug}/view.json). */

import { numberFormat } from "../../domain/intl";

export const VIEWS_TEXT = "{count} people have viewed this car";
export const VIEWS_TEXT_ONE = "{count} person has viewed this car";

/** The block's text for `count` views: the singular wording for exactly 1; {count} as a number of the site's locale. */
export function viewsText(count: number, texts: { many: string; one: string }, locale: string): string {
  return (count === 1 ? texts.one : texts.many).replaceAll("{count}", numberFormat(locale).format(count));
}

/** The spec's query: what the page rendered (photos_count) and the site (website_id). */
export const viewUrl = (slug: string, q: { photosCount: number; site: string }) =>
  `/api/cars/${encodeURIComponent(slug)}/view.json?${new URLSearchParams({ photos_count: String(q.photosCount), website_id: q.site })}`;

/** Records this view and answers the car's view count; null (logged) when the call fails. */
export async function loadViews(
  url: string,
  env: { fetch: typeof fetch; log: (...args: unknown[]) => void } = { fetch: (...a) => fetch(...a), log: console.error },
): Promise<number | null> {
  try {
    const res = await env.fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
    const body = (await res.json().catch(() => null)) as { views?: unknown; message?: string } | null;
    if (!res.ok) throw new Error(body?.message ?? `The view count answered ${res.status}.`);
    if (typeof body?.views !== "number" || !Number.isFinite(body.views)) throw new Error("The view count answered without views.");
    return body.views;
  } catch (error) {
    env.log("[vehicle-views]", error);
    return null;
  }
}
