import { decodeComponent } from "../domain/uri";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { cache } from "react";
import { previewFor } from "../server/admin/preview";
import { TenantPage, tenantPageMetadata, type PreviewDraft } from "../renderer/tenant-page";
import { themeCss } from "../renderer/theme";
import { PreviewLinks } from "./preview-links.client";
import { STALE_BANNER } from "../domain/preview-links";
import { NeverValid } from "./never-valid";

/** The draft a preview link shows (one lookup per request); null for a wrong or expired link. */
const loadPreview = cache(async (host: string, token: string) => {
  return previewFor(decodeComponent(host), token);
});

type Preview = NonNullable<Awaited<ReturnType<typeof loadPreview>>>;
// The token goes with the draft so that its search blocks ask the draft's search host
// (domain/search-host.ts) and the draft's own search settings answer them.
const asLive = (p: Preview, token: string): PreviewDraft | undefined => (p.ok ? { slug: p.slug, version: 0, document: p.document, token } : undefined);

const bar: React.CSSProperties = {
  position: "sticky", top: 0, zIndex: 1000, margin: 0, padding: "0.3rem 0.75rem", background: "#102a43", color: "#fff",
  font: "600 0.85rem/1.4 system-ui, sans-serif", textAlign: "center",
};

/** The preview's root layout: the draft's theme and template, and a bar saying this is not the live site. */
export async function PreviewLayout({ host, token, children }: { host: string; token: string; children: ReactNode }) {
  const preview = await loadPreview(host, token);
  const doc = preview?.ok ? preview.document : null;
  return (
    <html lang={doc?.identity.locale ?? "en"}>
      <head>{doc ? <style dangerouslySetInnerHTML={{ __html: themeCss(doc.theme) }} /> : null}</head>
      <body data-template={doc?.template}>
        {!preview ? (
          <main style={{ fontFamily: "system-ui, sans-serif", margin: "3rem auto", maxWidth: "40rem", padding: "0 1rem" }}>
            <h1>Preview link expired</h1>
            <p>This preview link is no longer valid. Open the site in the admin again for a new one.</p>
          </main>
        ) : !preview.ok ? (
          <NeverValid errors={preview.errors} draft={preview.draft} />
        ) : (
          <>
            {preview.stale ? (
              <p style={{ ...bar, background: "#fff3cd", color: "#5c3d00" }} role="note" data-preview-stale="">
                {STALE_BANNER} (revision {preview.revision}; the draft is at revision {preview.stale.revision}). Not the live site.
              </p>
            ) : (
              <p style={bar} role="note">
                Preview of the draft (revision {preview.revision}) — not the live site
              </p>
            )}
            <PreviewLinks token={token} />
            {children}
          </>
        )}
      </body>
    </html>
  );
}

export async function PreviewPage({ host, token, path }: { host: string; token: string; path: string[] }) {
  const preview = await loadPreview(host, token);
  const live = preview && asLive(preview, token);
  if (!live) return null;
  return <TenantPage host={decodeComponent(host)} segments={path} preview={live} />;
}

export async function previewMetadata(host: string, token: string, path: string[]): Promise<Metadata> {
  const preview = await loadPreview(host, token);
  const live = preview && asLive(preview, token);
  const base = live ? await tenantPageMetadata(decodeComponent(host), path, live) : { title: "Preview" };
  return { ...base, title: `Preview: ${typeof base.title === "string" ? base.title : "draft"}`, robots: { index: false, follow: false } };
}
