import { HistoryPage } from "../../../../../../admin/history-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "History", robots: { index: false } };

export default async function Page({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ a?: string; b?: string }> }) {
  const [{ slug }, { a, b }] = await Promise.all([params, searchParams]);
  return <HistoryPage slug={slug} a={a} b={b} />;
}
