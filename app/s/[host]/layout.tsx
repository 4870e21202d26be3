import type { ReactNode } from "react";
import "../../globals.css";
import { tenantForLayout } from "../../../renderer/tenant-page";
import { themeCss } from "../../../renderer/theme";

export default async function TenantLayout({ children, params }: { children: ReactNode; params: Promise<{ host: string }> }) {
  const tenant = await tenantForLayout((await params).host);
  return (
    <html lang={tenant?.identity.locale ?? "en"}>
      <head>{tenant && <style dangerouslySetInnerHTML={{ __html: themeCss(tenant.theme) }} />}</head>
      <body data-template={tenant?.template}>{children}</body>
    </html>
  );
}
