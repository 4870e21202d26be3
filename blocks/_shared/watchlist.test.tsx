import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { WatchlistButton } from "./watchlist-button.client";
import { createWatchlistStore, type WatchlistEnv } from "./watchlist-store";
import { hitAnalyticsCar } from "./hit-analytics";

function fakeEnv(responses: Record<string, () => unknown>) {
  const calls: { url: string; body?: unknown }[] = [];
  const env: WatchlistEnv = {
    fetch: (async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = responses[url];
      if (!answer) throw new TypeError("network down");
      return new Response(JSON.stringify(answer()));
    }) as typeof fetch,
    alert: vi.fn(),
    navigate: vi.fn(),
    currentPath: () => "/search?page=2",
    track: vi.fn(),
  };
  return { env, calls };
}

const signedIn = () => ({ enabled: true, signedIn: true, phone: "+61412345678", carIds: ["old"] });

describe("watchlist store", () => {
  it("loads the list once for every button", async () => {
    const { env, calls } = fakeEnv({ "/api/watchlist": signedIn });
    const store = createWatchlistStore(() => env);
    await Promise.all([store.load(), store.load()]);
    expect(calls).toHaveLength(1);
    expect(store.getState()).toMatchObject({ status: "ready", signedIn: true, phone: "+61412345678" });
    expect([...store.getState().ids]).toEqual(["old"]);
  });

  it("sends an anonymous visitor to sign-in with redirect and back", async () => {
    const { env, calls } = fakeEnv({ "/api/watchlist": () => ({ enabled: true, signedIn: false, carIds: [] }) });
    const store = createWatchlistStore(() => env);
    await store.toggle("c1", "harbourline");
    expect(env.navigate).toHaveBeenCalledWith("/sign-in?type=watchlist&redirect=%2Fsearch%3Fpage%3D2&back=%2Fsearch%3Fpage%3D2");
    expect(calls.map((c) => c.url)).toEqual(["/api/watchlist"]);
  });

  it("adds first, marks it pending, then confirms with the server; toast and analytics after", async () => {
    let resolve!: () => void;
    const gate = new Promise<void>((r) => (resolve = r));
    const { env, calls } = fakeEnv({ "/api/watchlist": signedIn, "/api/watchlist/save-car": () => ({ success: true }) });
    const slowEnv = { ...env, fetch: (async (url: string, init?: RequestInit) => {
      if (url !== "/api/watchlist") await gate;
      return env.fetch(url, init);
    }) as typeof fetch };
    const store = createWatchlistStore(() => slowEnv);
    await store.load();
    const done = store.toggle("c1", "harbourline");
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().ids.has("c1")).toBe(true);
    expect(store.getState().pending.has("c1")).toBe(true);
    resolve();
    await done;
    expect(calls.at(-1)).toEqual({ url: "/api/watchlist/save-car", body: { phone_number: "+61412345678", car_id: "c1" } });
    expect(store.getState().pending.has("c1")).toBe(false);
    expect(store.getState().toast).toMatchObject({ carId: "c1", kind: "saved" });
    expect(env.track).toHaveBeenCalledWith("harbourline", undefined);
  });

  it("a card's save hands its car, built from the hit, to the standard events", async () => {
    const { env } = fakeEnv({ "/api/watchlist": signedIn, "/api/watchlist/save-car": () => ({ success: true }) });
    const store = createWatchlistStore(() => env);
    const hit = { objectID: "c1", price: 24990, car_type: "demo" as const, certified: false, year: 2024, make: "Toyota", model: "Corolla", badge: null, item_type: "car" as const, fuel: "Hybrid" };
    await store.toggle("c1", "harbourline", hitAnalyticsCar(hit));
    expect(env.track).toHaveBeenCalledWith("harbourline", {
      id: "c1",
      item: { item_price: 24990, item_condition: "used", item_year: 2024, item_make: "Toyota", item_model: "Corolla", item_type: "car", item_fuel_type: "Hybrid" },
    });
  });

  it("removes a saved car", async () => {
    const { env, calls } = fakeEnv({ "/api/watchlist": signedIn, "/api/watchlist/remove-car": () => ({ success: true }) });
    const store = createWatchlistStore(() => env);
    await store.toggle("old", "harbourline");
    expect(calls.at(-1)!.url).toBe("/api/watchlist/remove-car");
    expect(store.getState().ids.has("old")).toBe(false);
    expect(store.getState().toast).toMatchObject({ carId: "old", kind: "removed" });
    expect(env.track).not.toHaveBeenCalled();
  });

  it("puts it back and alerts the message when the server says no, or cannot be reached", async () => {
    const { env } = fakeEnv({ "/api/watchlist": signedIn, "/api/watchlist/save-car": () => ({ success: false, message: "That car is not listed on this site." }) });
    const store = createWatchlistStore(() => env);
    await store.toggle("c2", "harbourline");
    expect(store.getState().ids.has("c2")).toBe(false);
    expect(env.alert).toHaveBeenCalledWith("That car is not listed on this site.");
    await store.toggle("old", "harbourline"); // remove-car: no answer at all
    expect(store.getState().ids.has("old")).toBe(true);
    expect(env.alert).toHaveBeenLastCalledWith("Your watchlist could not be updated. Check your connection and try again.");
    expect(store.getState().toast).toBeNull();
  });
});

describe("WatchlistButton", () => {
  it("is labelled with the car and pressed state; hidden on a sold car that is not saved", () => {
    const html = renderToStaticMarkup(<WatchlistButton site="s" carId="c1" title="2021 Toyota Corolla" sold={false} />);
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('aria-busy="false"');
    expect(html).toContain("Save 2021 Toyota Corolla to watchlist");
    expect(renderToStaticMarkup(<WatchlistButton site="s" carId="c1" title="x" sold />)).toBe("");
  });
});
