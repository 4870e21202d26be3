import type { Metadata } from "next";
import { NotFoundResponse, notFoundMetadata } from "../../../../../../../renderer/not-found-page";
import { decodeComponent } from "../../../../../../../domain/uri";
import { reservationPage } from "../../../../../../../blocks/reserve-online/checkout/checkout-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ host: string; slug: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { host, slug, id } = await params;
  const found = await reservationPage(decodeComponent(host), slug, id);
  return found ? { title: found.title, robots: { index: false }, icons: { icon: found.icon } } : notFoundMetadata(decodeComponent(host));
}

/** A reservation's confirmation (the 3-D Secure return lands here too): blocks/reserve-online/checkout/checkout-page.tsx. */
export default async function ReservationPage({ params }: Props) {
  const { host, slug, id } = await params;
  const found = await reservationPage(decodeComponent(host), slug, id);
  if (!found) return <NotFoundResponse host={decodeComponent(host)} />;
  return found.element;
}
