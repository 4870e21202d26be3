/**
 * The delivery calculator's request and states (spec §4: idle, loading, then result or error),
 * shared by the client leaf and its tests. The postcode rules and messages are domain/delivery.ts.
 */
import { DELIVERY_NO_PRICE } from "../../domain/delivery";

export type DeliveryState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "result"; price: number; name: string }
  /** `field`: the postcode itself is wrong (the box is marked invalid); otherwise there is just no estimate. */
  | { kind: "error"; message: string; field: boolean };

export const DELIVERY_QUOTE_PATH = "/api/delivery-quote";

export const quoteUrl = (postcode: string, car: string) =>
  `${DELIVERY_QUOTE_PATH}?postcode=${encodeURIComponent(postcode)}&car=${encodeURIComponent(car)}`;

/**
 * Asks the site for an estimate for a checked postcode. A refused postcode (400) shows the
 * server's message; no price, an unknown car or any failure shows the spec's "Sorry, we can't
 * provide an estimate…" text, which tells the visitor how to get a quote instead.
 */
export async function fetchEstimate(postcode: string, car: string, fetcher: (url: string) => Promise<Response>): Promise<DeliveryState> {
  try {
    const res = await fetcher(quoteUrl(postcode, car));
    const body = (await res.json().catch(() => null)) as { price?: unknown; name?: unknown; error?: unknown } | null;
    if (res.ok && typeof body?.price === "number" && typeof body.name === "string") return { kind: "result", price: body.price, name: body.name };
    if (res.status === 400 && typeof body?.error === "string") return { kind: "error", message: body.error, field: true };
    return { kind: "error", message: DELIVERY_NO_PRICE, field: false };
  } catch (e) {
    if ((e as Error)?.name === "AbortError") throw e;
    console.error("[delivery] estimate failed:", e);
    return { kind: "error", message: DELIVERY_NO_PRICE, field: false };
  }
}
