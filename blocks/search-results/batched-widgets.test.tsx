// @vitest-environment happy-dom
/**
 * BatchedWidgets (issue 34): hydrating from the server's results, the search page's widgets are
 * added to InstantSearch in one call, in the order they would have been added one by one.
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { getServerState, InstantSearch, InstantSearchSSRProvider, useInstantSearchContext } from "react-instantsearch";
import { describe, expect, it, vi } from "vitest";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import { clientRoot } from "./fixtures/client-root";
import { testSettings } from "./fixtures/render-search";
import { SearchUI } from "./search-ui";
import { BatchedWidgets } from "../_shared/search/batched-widgets";

const ctx = clientRoot();
const settings = testSettings();
const client = fakeSearch([car(1), car(2, { title: "2022 Mazda CX-5 Maxx", make: "Mazda" })]);

let calls: number[] = [];
let index: ReturnType<typeof useInstantSearchContext>["mainIndex"] | undefined;
/** Counts the index's addWidgets calls (and how many widgets each brought). */
function Spy() {
  const search = useInstantSearchContext();
  if (index !== search.mainIndex) {
    index = search.mainIndex;
    const add = index.addWidgets.bind(index);
    index.addWidgets = (widgets) => (calls.push(widgets.length), add(widgets));
  }
  return null;
}

const app = (batched: boolean, serverState?: Awaited<ReturnType<typeof getServerState>>) => (
  <InstantSearchSSRProvider {...serverState}>
    <InstantSearch indexName={settings.indexName} searchClient={client as never} insights={false} future={{ preserveSharedStateOnUnmount: true }}>
      <Spy />
      {batched ? (
        <BatchedWidgets>
          <SearchUI settings={settings} />
        </BatchedWidgets>
      ) : (
        <SearchUI settings={settings} />
      )}
    </InstantSearch>
  </InstantSearchSSRProvider>
);

async function mount(batched: boolean) {
  // The server's render (its own timers run for real).
  vi.useRealTimers();
  const serverState = await getServerState(app(batched), { renderToString });
  vi.useFakeTimers();
  calls = [];
  index = undefined;
  const root = createRoot(ctx.host.appendChild(document.createElement("div")));
  await act(async () => root.render(app(batched, serverState)));
  await act(() => vi.advanceTimersByTimeAsync(50));
  const shown = ctx.host.querySelector('h2[id$="-count"]')?.textContent;
  const found = { widgets: index!.getWidgets().map((w) => w.$$type), state: index!.getHelper()!.state, shown };
  await act(async () => root.unmount());
  return found;
}

describe("BatchedWidgets", () => {
  it("adds the first commit's widgets in one call, in the same order and with the same search parameters", async () => {
    const one = await mount(false);
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.every((n) => n === 1)).toBe(true);

    const batched = await mount(true);
    expect(calls).toEqual([one.widgets.length]);
    expect(batched.widgets).toEqual(one.widgets);
    expect(batched.state.disjunctiveFacets.toSorted()).toEqual(one.state.disjunctiveFacets.toSorted());
    expect(batched.state.hitsPerPage).toBe(one.state.hitsPerPage);
    expect(batched.shown).toBe("2 Cars");
  });
});
