import { EditorPage } from "../../../../../admin/editor-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Editor", robots: { index: false } };

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  return <EditorPage slug={(await params).slug} />;
}
