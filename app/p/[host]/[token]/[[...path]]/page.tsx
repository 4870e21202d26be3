import { PreviewPage, previewMetadata } from "../../../../../admin/preview-page";

// A preview shows the draft as it is now: rendered on every request, never cached.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ host: string; token: string; path?: string[] }> };

export async function generateMetadata({ params }: Props) {
  const { host, token, path = [] } = await params;
  return previewMetadata(host, token, path);
}

export default async function Page({ params }: Props) {
  const { host, token, path = [] } = await params;
  return <PreviewPage host={host} token={token} path={path} />;
}
