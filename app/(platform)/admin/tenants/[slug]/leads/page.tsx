import { LeadsPage } from "../../../../../../admin/leads-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Leads", robots: { index: false } };

export default async function Page({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  return <LeadsPage slug={slug} query={query} />;
}
