import type { ReactNode } from "react";
import "../platform.css";

// An inline icon: no request, and no 404 for /favicon.ico on the platform host.
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#102a43"/><text x="16" y="23" font-family="Arial,sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">F</text></svg>',
)}`;

export const metadata = { title: { default: "Forecourt", template: "%s | Forecourt" }, icons: { icon: ICON } };

export default function PlatformLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-AU">
      <body className="platform">{children}</body>
    </html>
  );
}
