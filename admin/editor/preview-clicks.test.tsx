// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PREVIEW_BLOCK_MESSAGE, previewBlockId } from "../../domain/preview-links";
import { blockAt, blockPointer } from "./find-block";
import { previewPath } from "./preview-pane";
import { usePreviewClicks } from "./use-preview";
import type { Doc } from "./use-draft";

// A block clicked in the preview opens in the form: the preview's message is believed only from the
// editor's own frame, on the preview's origin, in the expected shape; the block is found in the draft.

const harbourline: Doc = JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
const ORIGIN = "http://harbourline.localhost:3900";
afterEach(cleanup);


describe("a click in the preview", () => {
  it("is taken only from the editor's frame, on the preview's origin, with a block id", () => {
    const onBlock = vi.fn();
    // The editor's frame (happy-dom loads no frames: its window stands in as an object).
    const frame = { postMessage() {} } as unknown as Window;
    renderHook(() => usePreviewClicks({ origin: ORIGIN, frame: { current: { contentWindow: frame } as HTMLIFrameElement } }, onBlock));
    const post = (data: unknown, origin = ORIGIN, source: unknown = frame) =>
      act(() => void window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as Window })));
    post({ type: PREVIEW_BLOCK_MESSAGE, id: "home-hero" });
    expect(onBlock).toHaveBeenCalledWith("home-hero");
    post({ type: PREVIEW_BLOCK_MESSAGE, id: "home-hero" }, "http://evil.example");
    post({ type: PREVIEW_BLOCK_MESSAGE, id: "home-hero" }, ORIGIN, window);
    post({ type: "other", id: "home-hero" });
    post({ type: PREVIEW_BLOCK_MESSAGE, id: "<img src=x>" });
    post({ type: PREVIEW_BLOCK_MESSAGE, id: 7 });
    post("forecourt:preview-block");
    expect(onBlock).toHaveBeenCalledTimes(1);
  });

  it("names a block of a page or of the layout; the editor opens that page and block", () => {
    const pages = harbourline.pages as { id: string; blocks: { id: string }[] }[];
    const p = pages.findIndex((pg) => pg.blocks.length > 1);
    const block = pages[p].blocks[1].id;
    expect(blockPointer(harbourline, block)).toBe(`/pages/${p}/blocks/1`);
    const top = (harbourline.layout as { top: { id: string }[] }).top[0].id;
    expect(blockPointer(harbourline, top)).toBe("/layout/top/0");
    expect(blockPointer(harbourline, "no-such-block")).toBeNull();
    expect(blockAt(harbourline, `/pages/${p}/blocks/1/props/title`)).toBe(block);
    expect(blockAt(harbourline, "/layout/top/0")).toBe(top);
    expect(blockAt(harbourline, `/pages/${p}/title`)).toBeNull();
    expect(previewBlockId({ type: PREVIEW_BLOCK_MESSAGE, id: "x".repeat(101) })).toBeNull();
  });

  it("the preview follows the page being edited: its path, or an example page of a template", () => {
    expect(previewPath({ path: "/about-us" }, null)).toBe("/about-us");
    expect(previewPath({ template: "search" }, null)).toBe("/search");
    expect(previewPath({ template: "vehicle-detail" }, "2019-mazda-cx-5-abc")).toBe("/cars/2019-mazda-cx-5-abc");
    expect(previewPath({ template: "vehicle-detail" }, null)).toBeNull();
    expect(previewPath({ template: "location-detail" }, null, "hobart")).toBe("/locations/hobart");
  });
});
