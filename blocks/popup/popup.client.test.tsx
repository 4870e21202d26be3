// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PopupDialog } from "./popup.client";
import { PHONE_MEDIA, popupStorageKey } from "./popup-rules";
import { CONSENT_ASK_ATTR } from "../../domain/consent";

/** Hydrates the dialog on a screen of `width` px (the phone query answered as a browser would) and says whether it opened. */
async function opens(width: number, sparePhones: boolean, asking = false): Promise<boolean> {
  vi.stubGlobal("matchMedia", (q: string) => {
    if (q !== PHONE_MEDIA) throw new Error(`unexpected media query ${q}`);
    return { matches: width < 720 } as MediaQueryList;
  });
  if (asking) document.documentElement.setAttribute(CONSENT_ASK_ATTR, "ask");
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <PopupDialog id="fc-popup-p" storageKey={popupStorageKey("test")} sparePhones={sparePhones} labelledBy="t" describedBy="d">
        <h2 id="t">Summer service special</h2>
      </PopupDialog>,
    );
  });
  let open = host.querySelector("dialog")!.open;
  if (asking) {
    // Closed while the banner asks; the visitor's choice removes the attribute, and the popup opens then.
    expect(open).toBe(false);
    await act(async () => {
      document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
      await new Promise((r) => setTimeout(r, 0));
    });
    open = host.querySelector("dialog")!.open;
  }
  act(() => root.unmount());
  host.remove();
  return open;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("PopupDialog once hydrated", () => {
  it("keeps a page's spared phones spared: closed on a phone where the inline script left it closed, open on a wider screen", async () => {
    expect(await opens(390, true)).toBe(false);
    expect(await opens(1280, true)).toBe(true);
  });

  it("while the consent banner asks, waits for the visitor's choice, then opens (still sparing a spared phone)", async () => {
    expect(await opens(1280, false, true)).toBe(true);
    expect(await opens(390, true, true)).toBe(false);
  });

  it("opens on a phone elsewhere, and stays closed once dismissed", async () => {
    expect(await opens(390, false)).toBe(true);
    localStorage.setItem(popupStorageKey("test"), "2026-11-30T00:00:00.000Z");
    expect(await opens(1280, false)).toBe(false);
  });
});
