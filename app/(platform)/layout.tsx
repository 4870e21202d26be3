import type { ReactNode } from "react";
import "../platform.css";

export const metadata = { title: { default: "Forecourt", template: "%s | Forecourt" } };

export default function PlatformLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-AU">
      <body className="platform">{children}</body>
    </html>
  );
}
