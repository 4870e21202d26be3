"use client";

/** Opens the browser's print dialog for the print view (the view itself is plain server HTML). */
export function PrintButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      Print this page
    </button>
  );
}
