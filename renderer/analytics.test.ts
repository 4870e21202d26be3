// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { trackEvent } from "./analytics";

beforeEach(() => {
  (window as any).happyDOM?.setURL("https://harbourline.localhost/cars/a-car");
  delete (window as any).dataLayer;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("trackEvent", () => {
  it("pushes the event to window.dataLayer and sends it to /api/events as a beacon", async () => {
    const beacon = vi.spyOn(window.navigator, "sendBeacon").mockReturnValue(true);
    trackEvent(17, "harbourline", "test-drive");
    expect((window as any).dataLayer).toEqual([{ event: "forecourt", id: 17, site: "harbourline", path: "/cars/a-car", label: "test-drive" }]);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as [string, Blob];
    expect(url).toBe("/api/events");
    expect(JSON.parse(await blob.text())).toEqual({ id: 17, label: "test-drive", path: "/cars/a-car" });
  });

  it("without a beacon queue it posts with keepalive; a failure is only a warning", async () => {
    vi.spyOn(window.navigator, "sendBeacon").mockReturnValue(false);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetcher = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetcher);
    expect(() => trackEvent(22, "harbourline")).not.toThrow();
    expect(fetcher).toHaveBeenCalledWith("/api/events", expect.objectContaining({ method: "POST", keepalive: true, body: JSON.stringify({ id: 22, label: null, path: "/cars/a-car" }) }));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith("[analytics] event not sent:", expect.any(TypeError)));
    expect((window as any).dataLayer).toHaveLength(1);
  });

  it("a broken dataLayer does not break the page", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    (window as any).dataLayer = { push: () => { throw new Error("tag manager broke"); } };
    expect(() => trackEvent(25, "harbourline", "New Car")).not.toThrow();
    expect(warn).toHaveBeenCalledWith("[analytics] event not recorded:", expect.any(Error));
  });
});
