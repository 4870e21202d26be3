import type { Metadata } from "next";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

// Plain on purpose: this answers unknown hosts and paths, where no tenant theme applies.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", margin: "3rem auto", maxWidth: "40rem", padding: "0 1rem", color: "#1f2933" }}>
        <h1>404 — Not found</h1>
        <p>There is no site or page at this address.</p>
      </body>
    </html>
  );
}
