import { LeadPage } from "../../../../../../../admin/lead-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Lead", robots: { index: false } };

export default async function Page({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  return <LeadPage slug={slug} id={id} />;
}
