/**
 * The price-comparison panel's fetch (spec §4, §5, §8): GET /api/cars/{slug}/autogauge, then the
 * panel only when the answer passes the spec's rule (showPriceComparison). Empty data is logged as
 * "No data returned", a failed fetch as its error; both hide the panel, as does data that fails the
 * rule (low confidence, listing price over the market range), which is not an error.
 */
import { PRICE_COMPARISON_NO_DATA, showPriceComparison, type PriceComparison } from "../../domain/price-comparison";

export const autogaugeUrl = (slug: string) => `/api/cars/${encodeURIComponent(slug)}/autogauge`;

const FIELDS = ["fill", "listing_price", "market_range_min", "market_range_max", "confidence"] as const;

export async function loadPriceComparison(
  slug: string,
  env: { fetch: typeof fetch; log: (...args: unknown[]) => void } = { fetch: (...a) => fetch(...a), log: console.error },
): Promise<PriceComparison | null> {
  try {
    const res = await env.fetch(autogaugeUrl(slug), { headers: { accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as (Partial<PriceComparison> & { error?: string; message?: string }) | null;
    if (res.status === 404 && body?.error === PRICE_COMPARISON_NO_DATA) {
      env.log(PRICE_COMPARISON_NO_DATA);
      return null;
    }
    if (!res.ok) throw new Error(body?.message ?? body?.error ?? `The price comparison answered ${res.status}.`);
    // Empty data: none of the panel's numbers came back.
    if (!body || FIELDS.every((f) => body[f] == null)) {
      env.log(PRICE_COMPARISON_NO_DATA);
      return null;
    }
    return showPriceComparison(body) ? { ...body, description: typeof body.description === "string" ? body.description : "" } : null;
  } catch (error) {
    env.log(error);
    return null;
  }
}
