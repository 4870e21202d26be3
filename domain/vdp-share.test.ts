import { describe, expect, it } from "vitest";
import {
  COPIED_MS,
  COPIED_TOAST_MS,
  SHARE_WINDOW,
  copiedToast,
  copyFeedback,
  shareWindowFeatures,
  PDF_PREPARING,
  SHARE_NETWORKS,
  pdfFileName,
  pdfHref,
  printHref,
  shareHref,
} from "./vdp-share";

describe("share bar", () => {
  it("opens 550 × 400 windows", () => {
    expect(SHARE_WINDOW).toEqual({ width: 550, height: 400 });
    expect(shareWindowFeatures()).toBe("width=550,height=400,noopener,noreferrer");
    expect(shareWindowFeatures({ width: 1550, height: 1000 })).toBe("width=550,height=400,left=500,top=300,noopener,noreferrer");
  });
  it("shows Copied for 1.5 s, or the toast for 3 s", () => {
    expect([COPIED_MS, COPIED_TOAST_MS]).toEqual([1500, 3000]);
    expect(copiedToast("2021 Toyota Corolla")).toBe("Copied 2021 Toyota Corolla to your clipboard!");
    expect(copyFeedback("inline", "x")).toEqual({ kind: "inline", text: "Copied", ms: 1500 });
    expect(copyFeedback("toast", "2021 Toyota Corolla")).toEqual({ kind: "toast", text: "Copied 2021 Toyota Corolla to your clipboard!", ms: 3000 });
  });
});

describe("share links, print view and PDF", () => {
  const url = "https://www.bluegumpreowned.com.au/cars/2019-mazda-cx-5-maxx-sport-suv-1a2b3c";
  const title = "2019 Mazda CX-5 Maxx Sport & Co";
  it("shares the page's URL on each network, encoded", () => {
    expect(SHARE_NETWORKS).toEqual(["facebook", "x", "linkedin", "whatsapp", "email"]);
    const enc = "https%3A%2F%2Fwww.bluegumpreowned.com.au%2Fcars%2F2019-mazda-cx-5-maxx-sport-suv-1a2b3c";
    expect(shareHref("facebook", url, title)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${enc}`);
    expect(shareHref("x", url, title)).toBe(`https://x.com/intent/tweet?url=${enc}&text=2019%20Mazda%20CX-5%20Maxx%20Sport%20%26%20Co`);
    expect(shareHref("linkedin", url, title)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${enc}`);
    expect(shareHref("whatsapp", url, title)).toBe(`https://wa.me/?text=2019%20Mazda%20CX-5%20Maxx%20Sport%20%26%20Co%20${enc}`);
    expect(shareHref("email", url, title)).toBe(`mailto:?subject=2019%20Mazda%20CX-5%20Maxx%20Sport%20%26%20Co&body=2019%20Mazda%20CX-5%20Maxx%20Sport%20%26%20Co%0D%0A${enc}`);
  });
  it("prints at /print?car_id={slug}; the PDF comes from the API and is saved as {slug}.pdf; Preparing... while it downloads", () => {
    expect(printHref("2019-mazda-cx-5-1a2b3c")).toBe("/print?car_id=2019-mazda-cx-5-1a2b3c");
    expect(pdfHref("2019-mazda-cx-5-1a2b3c")).toBe("/api/cars/2019-mazda-cx-5-1a2b3c/pdf");
    expect(pdfFileName("2019-mazda-cx-5-1a2b3c")).toBe("2019-mazda-cx-5-1a2b3c.pdf");
    expect(PDF_PREPARING).toBe("Preparing...");
  });
});
