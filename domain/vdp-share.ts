/** The vehicle page's share bar (spec search-and-vehicle-detail §2): share windows and links, the copy-link feedback; and its print view and PDF links. */
import type { TenantDocument } from "../schemas/generated/tenant";

/** Spec §2: social share windows open at 550 × 400. */
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

/** window.open features for a share window, centred on the screen when its size is known. */
export function shareWindowFeatures(screen?: { width: number; height: number }): string {
  const { width, height } = SHARE_WINDOW;
  const pos = screen ? `,left=${Math.max(0, Math.round((screen.width - width) / 2))},top=${Math.max(0, Math.round((screen.height - height) / 2))}` : "";
  return `width=${width},height=${height}${pos},noopener,noreferrer`;
}

/** Spec §2: copy link shows "Copied" for 1.5 s, or (features.shareCopyFeedback "toast") a toast for 3 s. */
export const COPIED_TEXT = "Copied";
export const COPIED_MS = 1500;
export const COPIED_TOAST_MS = 3000;
export const copiedToast = (carName: string) => `Copied ${carName} to your clipboard!`;

export function copyFeedback(mode: TenantDocument["features"]["shareCopyFeedback"], carName: string): { kind: "inline" | "toast"; text: string; ms: number } {
  return mode === "toast" ? { kind: "toast", text: copiedToast(carName), ms: COPIED_TOAST_MS } : { kind: "inline", text: COPIED_TEXT, ms: COPIED_MS };
}

/** The share bar's targets (spec §2): social networks open a 550 × 400 window; e-mail is a mailto: link. */
export const SHARE_NETWORKS = ["facebook", "x", "linkedin", "whatsapp", "email"] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];
export const SHARE_NETWORK_NAMES: Record<ShareNetwork, string> = { facebook: "Facebook", x: "X", linkedin: "LinkedIn", whatsapp: "WhatsApp", email: "Email" };

/** The address that shares the page at `url`, named `title`, on a network. */
export function shareHref(network: ShareNetwork, url: string, title: string): string {
  const u = encodeURIComponent(url);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "x":
      return `https://x.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "whatsapp":
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
    case "email":
      // RFC 6068: line breaks in a mailto: body are CRLF.
      return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\r\n${url}`)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Print view, PDF and history report

/** Spec §2 routes: the print view of a car (opens in a new tab when PDF download is off). */
export const printHref = (slug: string) => `/print?car_id=${encodeURIComponent(slug)}`;
/** The server-made PDF of a car (spec §7 "PDF download": the file is saved as {slug}.pdf). */
export const pdfHref = (slug: string) => `/api/cars/${encodeURIComponent(slug)}/pdf`;
export const pdfFileName = (slug: string) => `${slug}.pdf`;
/** Spec §4: the PDF button while downloading. */
export const PDF_PREPARING = "Preparing...";
