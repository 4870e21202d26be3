import { TenantPage, tenantPageMetadata } from "../../../../renderer/tenant-page";

type Props = { params: Promise<{ host: string; path?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const { host, path = [] } = await params;
  return tenantPageMetadata(host, path);
}

export default async function Page({ params, searchParams }: Props) {
  const { host, path = [] } = await params;
  return <TenantPage host={host} segments={path} query={await searchParams} />;
}
