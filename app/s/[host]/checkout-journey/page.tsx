import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { decodeComponent } from "../../../../domain/uri";
import { checkoutJourneyPage } from "../../../../renderer/checkout-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ host: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const carId = (q: Record<string, string | string[] | undefined>) => (typeof q.car_id === "string" ? q.car_id : undefined);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const found = await checkoutJourneyPage(decodeComponent((await params).host), carId(await searchParams));
  return found ? { title: found.title, robots: { index: false }, icons: { icon: found.icon } } : { title: "Page not found" };
}

/** Buy a car online (features.onlinePurchase): renderer/checkout-page.tsx; a 404 on other sites. */
export default async function CheckoutJourney({ params, searchParams }: Props) {
  // The sign-in gate for gated routes ("checkout") goes here, before the page renders.
  const found = await checkoutJourneyPage(decodeComponent((await params).host), carId(await searchParams));
  if (!found) notFound();
  return found.element;
}
