import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { decodeComponent } from "../../../../../../domain/uri";
import { checkoutPage } from "../../../../../../renderer/checkout-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ host: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { host, slug } = await params;
  const found = await checkoutPage(decodeComponent(host), slug, "checkout");
  return found ? { title: found.title, robots: { index: false }, icons: { icon: found.icon } } : { title: "Page not found" };
}

/** Reserve a car online (renderer/checkout-page.tsx); a 404 unless this is the site's reserve route. */
export default async function ReservePage({ params }: Props) {
  const { host, slug } = await params;
  // The sign-in gate for gated routes ("checkout") goes here, before the page renders.
  const found = await checkoutPage(decodeComponent(host), slug, "checkout");
  if (!found) notFound();
  return found.element;
}
