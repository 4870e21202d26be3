import { decodeComponent } from "../../../../../../domain/uri";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { consumerNoticePage } from "../../../../../../renderer/consumer-notice";

type Props = { params: Promise<{ host: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { host, slug } = await params;
  const found = await consumerNoticePage(decodeComponent(host), slug);
  return found ? { title: found.title, robots: { index: false } } : { title: "Page not found" };
}

export default async function ConsumerNotice({ params }: Props) {
  const { host, slug } = await params;
  const found = await consumerNoticePage(decodeComponent(host), slug);
  if (!found) notFound();
  return found.element;
}
