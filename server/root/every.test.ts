import { afterEach, describe, expect, it, vi } from "vitest";
import { every } from "./every";

afterEach(() => vi.useRealTimers());

describe("every", () => {
  it("runs a job now and at each interval, once per process, never two ticks at once, until stopped", async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release = () => {};
    const tick = () => {
      runs++;
      return new Promise<void>((r) => (release = r));
    };
    const started = every("test-job", 1000, tick);
    release();
    const stop = await started;
    expect(runs).toBe(1);
    // Started again (a second copy of the module): no second interval.
    await every("test-job", 1000, tick);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    // That tick has not finished: the next one is skipped.
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    release();
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });
});
