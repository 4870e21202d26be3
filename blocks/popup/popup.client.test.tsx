// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PopupDialog } from "./popup.client";
import { PHONE_MEDIA } from "./popup-rules";

/** Mounts the dialog at `width` and says whether its effect opened it. */
async function opensAt(width: number, sparePhones: boolean) {
  vi.stubGlobal("matchMedia", (q: string) => ({ matches: q === PHONE_MEDIA && width < 720 }));
  const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal").mockImplementation(() => {});
  const root = createRoot(document.body.appendChild(document.createElement("div")));
  await act(async () =>
    root.render(
      <PopupDialog id="fc-popup-eofy" storageKey={`k-${width}-${sparePhones}`} sparePhones={sparePhones} labelledBy="t" describedBy="d">
        <p>Offer</p>
      </PopupDialog>,
    ),
  );
  const opened = showModal.mock.calls.length > 0;
  act(() => root.unmount());
  return opened;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PopupDialog after hydration", () => {
  it("stays closed on a phone where the page spares phones, and opens on a wider screen or another page", async () => {
    expect(await opensAt(390, true)).toBe(false);
    expect(await opensAt(1280, true)).toBe(true);
    expect(await opensAt(390, false)).toBe(true);
  });
});
