import { TenantListPage } from "../../../admin/tenant-list";

export const dynamic = "force-dynamic";
export const metadata = { title: "Admin", robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const { q } = await searchParams;
  return <TenantListPage query={typeof q === "string" ? q.slice(0, 100) : ""} />;
}
