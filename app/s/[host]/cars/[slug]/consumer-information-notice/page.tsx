import { NotFoundResponse, notFoundMetadata } from "../../../../../../renderer/not-found-page";
import { decodeComponent } from "../../../../../../domain/uri";
import type { Metadata } from "next";
import { consumerNoticePage } from "../../../../../../renderer/consumer-notice";

type Props = { params: Promise<{ host: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { host, slug } = await params;
  const found = await consumerNoticePage(decodeComponent(host), slug);
  return found ? { title: found.title, robots: { index: false } } : notFoundMetadata(decodeComponent(host));
}

export default async function ConsumerNotice({ params }: Props) {
  const { host, slug } = await params;
  const found = await consumerNoticePage(decodeComponent(host), slug);
  if (!found) return <NotFoundResponse host={decodeComponent(host)} />;
  return found.element;
}
