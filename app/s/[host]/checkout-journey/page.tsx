import type { Metadata } from "next";
import { NotFoundResponse, notFoundMetadata } from "../../../../renderer/not-found-page";
import { decodeComponent } from "../../../../domain/uri";
import { checkoutJourneyPage } from "../../../../blocks/reserve-online/checkout/checkout-page";
import { enforceGateForHost } from "../../../../renderer/gate";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ host: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const carId = (q: Record<string, string | string[] | undefined>) => (typeof q.car_id === "string" ? q.car_id : undefined);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const found = await checkoutJourneyPage(decodeComponent((await params).host), carId(await searchParams));
  return found ? { title: found.title, robots: { index: false }, icons: { icon: found.icon } } : notFoundMetadata(decodeComponent((await params).host));
}

/** Buy a car online (features.onlinePurchase): blocks/reserve-online/checkout/checkout-page.tsx; a 404 on other sites. */
export default async function CheckoutJourney({ params, searchParams }: Props) {
  const host = decodeComponent((await params).host);
  const query = await searchParams;
  // A site that gates checkout sends an anonymous visitor to sign-in first (leads §4 gated pages).
  await enforceGateForHost(host, "/checkout-journey", query);
  const found = await checkoutJourneyPage(host, carId(query));
  if (!found) return <NotFoundResponse host={host} />;
  return found.element;
}
