// @vitest-environment happy-dom
import { act, Profiler } from "react";
import { createRoot } from "react-dom/client";
import { expect, it, vi } from "vitest";
import { WatchlistButton } from "./watchlist-button.client";
import { createWatchlistStore, type WatchlistEnv } from "./watchlist-store";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it("a store change re-renders only the buttons whose car it changes: the list's loading and answer none of the others", async () => {
  const env: WatchlistEnv = {
    fetch: (async (url: string) =>
      new Response(JSON.stringify(url === "/api/watchlist" ? { signedIn: true, phone: "+61412345678", carIds: ["c2"] } : { success: true }))) as typeof fetch,
    alert: vi.fn(),
    navigate: vi.fn(),
    currentPath: () => "/search",
    track: vi.fn(),
  };
  const store = createWatchlistStore(() => env);
  const renders: Record<string, number> = { c1: 0, c2: 0, c3: 0 };
  const el = document.createElement("div");
  const root = createRoot(el);
  await act(async () =>
    root.render(
      <>
        {["c1", "c2", "c3"].map((id) => (
          <Profiler key={id} id={id} onRender={() => renders[id]++}>
            <WatchlistButton site="s" carId={id} title={`Car ${id}`} sold={false} store={store} />
          </Profiler>
        ))}
      </>,
    ),
  );
  // The list is asked for in a task after the commit; loading and then its answer change the store twice.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
    await store.load();
  });
  expect(store.getState().status).toBe("ready");
  expect(renders).toEqual({ c1: 1, c2: 2, c3: 1 });
  expect(el.querySelector('[data-watchlist="c2"]')!.getAttribute("aria-pressed")).toBe("true");

  await act(async () => {
    await store.toggle("c1", "s");
  });
  expect(renders.c3).toBe(1);
  expect(renders.c2).toBe(2);
  expect(renders.c1).toBeGreaterThan(1);
  expect(el.querySelector('[data-watchlist="c1"]')!.getAttribute("aria-pressed")).toBe("true");
  expect(el.textContent).toContain("Saved to your watchlist.");
  act(() => root.unmount());
});
