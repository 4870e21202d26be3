import type { ReactNode } from "react";
import "../../globals.css";
import { tenantForLayout } from "../../../renderer/tenant-page";
import { themeCss } from "../../../renderer/theme";
import { ConsentBanner } from "../../../renderer/consent-banner.client";
import { HydrateLater } from "../../../renderer/hydrate-later.client";
import { EARLY_TAPS_SCRIPT } from "../../../renderer/early-taps";
import { ANALYTICS_CONFIG_ID, CONSENT_ASK_SCRIPT } from "../../../renderer/standard-analytics";
import { siteAnalytics } from "../../../domain/analytics-standards";
import { jsonLdText } from "../../../domain/vehicle-seo";

export default async function TenantLayout({ children, params }: { children: ReactNode; params: Promise<{ host: string }> }) {
  const tenant = await tenantForLayout((await params).host);
  const analytics = tenant && siteAnalytics(tenant);
  const banner = tenant?.features.analytics?.consentBanner;
  return (
    // The consent script may mark <html> before React hydrates it.
    <html lang={tenant?.identity.locale ?? "en"} suppressHydrationWarning={analytics ? true : undefined}>
      <head>
        {tenant && <style dangerouslySetInnerHTML={{ __html: themeCss(tenant.theme) }} />}
        {/* Holds a tap made before the content hydrates, until it has (early-taps.ts). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }} />
        {analytics && <script dangerouslySetInnerHTML={{ __html: CONSENT_ASK_SCRIPT }} />}
      </head>
      <body data-template={tenant?.template}>
        <HydrateLater>{children}</HydrateLater>
        {analytics && (
          <>
            <script type="application/json" id={ANALYTICS_CONFIG_ID} dangerouslySetInnerHTML={{ __html: jsonLdText(analytics) }} />
            <ConsentBanner position={banner?.position ?? "bottom"} message={banner?.message} analytics={Boolean(analytics.ga4)} ads={Boolean(analytics.pixel)} />
          </>
        )}
      </body>
    </html>
  );
}
