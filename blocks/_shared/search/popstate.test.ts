// @vitest-environment happy-dom
/**
 * Back and Forward with InstantSearch's own history router (issue 29): after going back to a state
 * that needs no write (Back from a #anchor), the visitor's next search still reaches the URL.
 */
import historyRouter from "instantsearch.js/es/lib/routers/history.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { searchRouting, type IndexUiState } from "./routing";

const seo = { path: "/search", basePath: "/search", refinementList: {} };

describe("search URL after Back and Forward", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState({}, "", "http://localhost:3000/search");
  });
  afterEach(() => vi.useRealTimers());

  const setUp = (patched: boolean) => {
    const { router: options } = searchRouting("vehicles", seo, []);
    const router = historyRouter<IndexUiState>({ ...options, ...(patched ? {} : { start: () => {} }) } as never);
    // As InstantSearch's router middleware does: apply the state read on popstate; write only what changed.
    let last: IndexUiState = router.read();
    const change = (route: IndexUiState) => {
      if (JSON.stringify(route) !== JSON.stringify(last)) router.write(route);
      last = route;
    };
    router.onUpdate((route) => change(route));
    return { router, change };
  };

  it.each([
    [true, "?query=mazda"],
    [false, ""],
  ])("writes the next search after Back from a #anchor (fixed: %s)", async (patched, written) => {
    const { router, change } = setUp(patched);
    window.history.pushState({}, "", "http://localhost:3000/search#main");
    // Back: the URL is the search again, whose state is the one already applied.
    window.history.replaceState({}, "", "http://localhost:3000/search");
    window.dispatchEvent(new PopStateEvent("popstate"));
    await vi.advanceTimersByTimeAsync(1);
    change({ query: "mazda" });
    await vi.advanceTimersByTimeAsync(400);
    expect(window.location.search).toBe(written);
    router.dispose();
  });

  it("writes a search made within 400 ms of Back, and never the state gone back to", async () => {
    const { router, change } = setUp(true);
    change({ query: "kia" });
    await vi.advanceTimersByTimeAsync(400);
    expect(window.location.search).toBe("?query=kia");
    const length = window.history.length;
    window.history.replaceState({}, "", "http://localhost:3000/search?query=toyota");
    window.dispatchEvent(new PopStateEvent("popstate"));
    await vi.advanceTimersByTimeAsync(1);
    expect(window.history.length).toBe(length);
    change({ query: "" });
    await vi.advanceTimersByTimeAsync(400);
    expect(window.location.href).toBe("http://localhost:3000/search");
    router.dispose();
  });
});
