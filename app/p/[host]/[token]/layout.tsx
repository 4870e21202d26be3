import type { ReactNode } from "react";
import "../../../globals.css";
import { PreviewLayout } from "../../../../admin/preview-page";

export const dynamic = "force-dynamic";

export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ host: string; token: string }> }) {
  const { host, token } = await params;
  return (
    <PreviewLayout host={host} token={token}>
      {children}
    </PreviewLayout>
  );
}
