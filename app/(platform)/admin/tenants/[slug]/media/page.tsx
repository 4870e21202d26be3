import { MediaPage } from "../../../../../../admin/media-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Picture library", robots: { index: false } };

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  return <MediaPage slug={(await params).slug} />;
}
