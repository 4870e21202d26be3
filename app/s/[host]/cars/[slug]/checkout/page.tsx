import type { Metadata } from "next";
import { NotFoundResponse, notFoundMetadata } from "../../../../../../renderer/not-found-page";
import { decodeComponent } from "../../../../../../domain/uri";
import { checkoutPage } from "../../../../../../blocks/reserve-online/checkout/checkout-page";
import { enforceGateForHost } from "../../../../../../renderer/gate";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ host: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { host, slug } = await params;
  const found = await checkoutPage(decodeComponent(host), slug, "checkout");
  return found ? { title: found.title, robots: { index: false }, icons: { icon: found.icon } } : notFoundMetadata(decodeComponent(host));
}

/** Reserve a car online (blocks/reserve-online/checkout/checkout-page.tsx); a 404 unless this is the site's reserve route. */
export default async function ReservePage({ params }: Props) {
  const { host, slug } = await params;
  // A site that gates checkout sends an anonymous visitor to sign-in first (leads §4 gated pages).
  await enforceGateForHost(decodeComponent(host), `/cars/${slug.toLowerCase()}/checkout`);
  const found = await checkoutPage(decodeComponent(host), slug, "checkout");
  if (!found) return <NotFoundResponse host={decodeComponent(host)} />;
  return found.element;
}
