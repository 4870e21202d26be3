import { DemandPage } from "../../../../../../admin/demand-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Demand", robots: { index: false } };

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <DemandPage slug={slug} />;
}
