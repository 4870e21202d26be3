import { afterEach, describe, expect, it, vi } from "vitest";
import { IN_PROCESS_SEARCH, type InProcessSearch } from "../../domain/search-host";
import { every } from "./every";
import { MemoryRateLimiter } from "../http/limiters";
import type { SearchIndex } from "../search/engine";
import { publishInProcessSearch, Services, services, useServices } from "./services";

const SLOT = Symbol.for("forecourt.services");
const slot = globalThis as Record<symbol, unknown>;

afterEach(() => vi.useRealTimers());

describe("the process's services (the composition root)", () => {
  it("are one Services in one global slot, whichever copy of the module asks; a test puts its own and back", () => {
    const first = services();
    expect(services()).toBe(first);
    expect(slot[SLOT]).toBe(first);
    const mine = new Services();
    expect(useServices(mine)).toBe(first);
    expect(services()).toBe(mine);
    useServices(first);
    expect(services()).toBe(first);
  });

  it("make a service once, and again after it could not be made", async () => {
    const s = new Services();
    const index = {} as SearchIndex;
    const build = vi.fn<() => Promise<SearchIndex>>().mockRejectedValueOnce(new Error("database down")).mockResolvedValue(index);
    await expect(s.vehicleIndex(build)).rejects.toThrow("database down");
    expect(await s.vehicleIndex(build)).toBe(index);
    expect(await s.vehicleIndex(build)).toBe(index);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("answer what a test gives instead of what the environment names", async () => {
    const limiter = new MemoryRateLimiter();
    const secret = Buffer.alloc(32, 7);
    const s = new Services({ rateLimiter: limiter, challengeSecret: secret });
    expect(await s.rateLimiter()).toBe(limiter);
    expect(s.challengeSecret()).toBe(secret);
  });

  it("start the background work once per process (claimStart), and close stops the jobs' timers", async () => {
    vi.useFakeTimers();
    const s = new Services();
    expect(s.claimStart()).toBe(true);
    expect(s.claimStart()).toBe(false);
    const previous = useServices(s);
    try {
      let runs = 0;
      await every("root-test", 1000, async () => void runs++);
      expect(s.timers.has("root-test")).toBe(true);
      await s.close();
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(1);
      expect(s.timers.size).toBe(0);
    } finally {
      useServices(previous);
    }
  });

  it("publish the in-process search where the server-rendered client components look for it, once", () => {
    const g = globalThis as { [IN_PROCESS_SEARCH]?: InProcessSearch };
    const saved = g[IN_PROCESS_SEARCH];
    delete g[IN_PROCESS_SEARCH];
    try {
      const search: InProcessSearch = async () => ({ results: [] });
      publishInProcessSearch(search);
      publishInProcessSearch(async () => ({ results: [1] }));
      expect(g[IN_PROCESS_SEARCH]).toBe(search);
    } finally {
      g[IN_PROCESS_SEARCH] = saved;
    }
  });
});
