import { describe, expect, it } from "vitest";
import { SPIN_GAUGE_CIRCLE, SPIN_INTERVAL_MS, SPIN_PX_PER_FRAME, frameAfterDrag, hotspotsForFrame, spinGaugeOffset, stepFrame } from "./vdp-spin";

describe("spin viewer", () => {
  it("turns a frame per 20 px, every 100 ms when rotating; gauge 515", () => {
    expect([SPIN_PX_PER_FRAME, SPIN_INTERVAL_MS, SPIN_GAUGE_CIRCLE]).toEqual([20, 100, 515]);
    expect(frameAfterDrag(0, 19, 36)).toBe(0);
    expect(frameAfterDrag(0, 40, 36)).toBe(2);
    expect(frameAfterDrag(0, -20, 36)).toBe(35);
    expect(frameAfterDrag(35, 20, 36)).toBe(0);
    expect(stepFrame(0, -1, 36)).toBe(35);
    expect(stepFrame(3, 0, 0)).toBe(0);
    expect(spinGaugeOffset(0, 36)).toBe(515);
    expect(spinGaugeOffset(18, 36)).toBe(257.5);
    expect(spinGaugeOffset(36, 36)).toBe(0);
  });
  it("places hotspots on their frame", () => {
    const hs = [{ id: "wheel", description: "Alloy wheels", positions: [{ activeAngle: 0, posX: 20, posY: 70 }, { activeAngle: 3, posX: 30, posY: 72 }] }];
    expect(hotspotsForFrame(hs, 3)).toEqual([{ id: "wheel", description: "Alloy wheels", posX: 30, posY: 72 }]);
    expect(hotspotsForFrame(hs, 1)).toEqual([]);
  });
});
