import { afterEach, describe, expect, it, vi } from "vitest";
import { IN_PROCESS_SEARCH, type InProcessSearch } from "../../domain/search-host";
import { every } from "./every";
import { defineService, publishInProcessSearch, Services, services, useServices } from "./services";

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
    const index = { rows: 3 };
    const build = vi.fn<() => Promise<typeof index>>().mockRejectedValueOnce(new Error("database down")).mockResolvedValue(index);
    const service = defineService("index-test", build);
    await expect(s.get(service)).rejects.toThrow("database down");
    expect(s.has(service)).toBe(false);
    expect(await s.get(service)).toBe(index);
    expect(await s.get(service)).toBe(index);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("are keyed by name: another module copy's definition of the same service finds the one made", () => {
    const s = new Services();
    const first = defineService("key-test", () => ({ made: 1 }));
    const copy = defineService("key-test", () => ({ made: 2 }));
    expect(s.get(first)).toEqual({ made: 1 });
    expect(s.get(copy)).toBe(s.get(first));
  });

  it("answer what a test gives instead of making it; a caller may give the make function; none at all is an error", async () => {
    const made = vi.fn(() => "from the environment");
    const secret = defineService("secret-test", made);
    const s = new Services().with(secret, "given");
    expect(s.get(secret)).toBe("given");
    expect(made).not.toHaveBeenCalled();
    const bare = defineService<string>("bare-test");
    expect(() => s.get(bare)).toThrow('The service "bare-test" has not been made and has no make function.');
    expect(s.get(bare, () => "from the caller")).toBe("from the caller");
  });

  it("close what they made (newest first) and forget it; forget closes one, and the next use makes it again", async () => {
    const closed: string[] = [];
    const a = defineService("a-test", async () => "a", { close: (v) => void closed.push(v) });
    const b = defineService("b-test", () => "b", { close: (v) => void closed.push(v) });
    const s = new Services();
    await s.get(a);
    s.get(b);
    await s.forget(b);
    expect(closed).toEqual(["b"]);
    expect(s.has(b)).toBe(false);
    s.get(b);
    await s.close();
    expect(closed).toEqual(["b", "b", "a"]);
    expect(s.has(a)).toBe(false);
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
