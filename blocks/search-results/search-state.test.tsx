// @vitest-environment happy-dom
/**
 * The search page's state in the browser (issue 29): the search box follows a query set elsewhere
 * even while it has the focus (Back and Forward), and a failed search says so and can be run again.
 */
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import { clientRoot, type } from "./fixtures/client-root";
import { mountSearchUI, type SearchProbe } from "./fixtures/mount-search";
import { testSettings } from "./fixtures/render-search";

const stock = [car(1), car(2, { title: "2022 Mazda CX-5 Maxx", make: "Mazda" }), car(3, { title: "2020 Kia Sportage S", make: "Kia" })];
const ctx = clientRoot();
const settings = testSettings();

let probe: SearchProbe;
const mount = async (client: { search: (...args: never[]) => Promise<unknown> }) => {
  probe = await mountSearchUI(ctx.root, client, settings);
};
const box = () => ctx.host.querySelector<HTMLInputElement>('input[type="search"]')!;
const count = () => ctx.host.querySelector('h2[id$="-count"]')?.textContent;
const alert = () => ctx.host.querySelector('[role="alert"]')?.textContent ?? null;
const retry = () => [...ctx.host.querySelectorAll("button")].find((b) => /^Try again|^Trying again/.test(b.textContent ?? ""));

describe("search box (issue 29)", () => {
  it("shows a query set elsewhere (Back, Forward) while it has the focus, and drops what was still being typed", async () => {
    await mount(fakeSearch(stock));
    box().focus();
    await act(async () => type(box(), "mazda"));
    await act(() => vi.advanceTimersByTimeAsync(350));
    expect(count()).toBe("1 Car");
    expect(document.activeElement).toBe(box());

    // As the router does on Back: the state of the URL gone back to.
    await act(async () => probe.setIndexUiState((s) => ({ ...s, query: "kia" })));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(document.activeElement).toBe(box());
    expect(box().value).toBe("kia");
    expect(count()).toBe("1 Car");

    // Typing, then Forward before the search went out: the URL's query wins, and no late search undoes it.
    await act(async () => type(box(), "toyo"));
    await act(() => vi.advanceTimersByTimeAsync(100));
    await act(async () => probe.setIndexUiState((s) => ({ ...s, query: "" })));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(box().value).toBe("");
    expect(count()).toBe("3 Cars");
  });

  it("keeps what the visitor types while the search follows it", async () => {
    await mount(fakeSearch(stock));
    box().focus();
    await act(async () => type(box(), "m"));
    await act(() => vi.advanceTimersByTimeAsync(350));
    await act(async () => type(box(), "ma"));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(box().value).toBe("ma");
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(box().value).toBe("ma");
  });
});

describe("a failed search (issue 29)", () => {
  it("says so over the results kept from before, and Try again runs it again; the word goes on success", async () => {
    const engine = fakeSearch(stock);
    let failNext = false;
    const client = {
      search: (requests: never) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error("502 Bad Gateway"));
        }
        return engine.search(requests);
      },
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await mount(client);
    expect(count()).toBe("3 Cars");
    expect(alert()).toBeNull();

    failNext = true;
    await act(async () => type(box(), "kia"));
    await act(() => vi.advanceTimersByTimeAsync(350));
    expect(alert()).toBe("The search could not be updated just now. The results below may be out of date.");
    expect(count()).toBe("3 Cars");
    expect(ctx.host.querySelectorAll("article")).toHaveLength(3);
    // The cards kept are marked as those of before, and point to the notice.
    const list = ctx.host.querySelector("[data-stale]");
    expect(list?.querySelectorAll("article")).toHaveLength(3);
    expect(ctx.host.querySelector(`#${list?.getAttribute("aria-describedby")}`)?.textContent).toBe(alert());
    // What was typed stays in the box, for Try again to search.
    expect(box().value).toBe("kia");
    expect(retry()?.textContent).toBe("Try again");

    const before = engine.requests.length;
    await act(async () => retry()!.click());
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(engine.requests.slice(before).map((r) => r.params?.query)).toEqual(["kia"]);
    expect(alert()).toBeNull();
    expect(retry()).toBeUndefined();
    expect(ctx.host.querySelector("[data-stale]")).toBeNull();
    expect(count()).toBe("1 Car");
    expect(box().value).toBe("kia");
    expect(error).toHaveBeenCalledWith("[search] the search failed; showing the previous results.");
  });
});
