import { FlagsPage } from "../../../../../../admin/flags-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Feature flags", robots: { index: false } };

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  return <FlagsPage slug={(await params).slug} />;
}
