import { TenantPage, tenantPageMetadata } from "../../../../renderer/tenant-page";

type Props = { params: Promise<{ host: string; path?: string[] }> };

export async function generateMetadata({ params }: Props) {
  const { host, path = [] } = await params;
  return tenantPageMetadata(host, path);
}

export default async function Page({ params }: Props) {
  const { host, path = [] } = await params;
  return <TenantPage host={host} segments={path} />;
}
