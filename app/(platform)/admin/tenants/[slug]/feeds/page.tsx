import { FeedsPage } from "../../../../../../admin/feeds-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Ads feeds", robots: { index: false } };

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <FeedsPage slug={slug} />;
}
