import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { decodeComponent } from "../../../../../../../domain/uri";
import { reservationPage } from "../../../../../../../renderer/checkout-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ host: string; slug: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { host, slug, id } = await params;
  const found = await reservationPage(decodeComponent(host), slug, id);
  return found ? { title: found.title, robots: { index: false }, icons: { icon: found.icon } } : { title: "Page not found" };
}

/** A reservation's confirmation (the 3-D Secure return lands here too): renderer/checkout-page.tsx. */
export default async function ReservationPage({ params }: Props) {
  const { host, slug, id } = await params;
  const found = await reservationPage(decodeComponent(host), slug, id);
  if (!found) notFound();
  return found.element;
}
