// @vitest-environment happy-dom
/**
 * A chip removed as the search page hydrates (CI, understand.spec's Coralstone test: the price chip
 * removed at once after a reload left 1 car up where 16 matched, with the URL and the chips already
 * wider). Hydrating from the server's results, InstantSearch schedules no search from its start until
 * react-instantsearch's effect after the hydrating commit; a click handled between that commit and
 * its passive effects changed the state but sent no search. Rendered here as the page does: the
 * server's HTML of SearchWidgets, hydrated by React in a real scheduler (not act(), which would run the
 * effects before the click), the chip clicked in the commit's wake.
 */
import { useEffect, useLayoutEffect } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { getServerState, InstantSearch, InstantSearchSSRProvider } from "react-instantsearch";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import { testSettings } from "./fixtures/render-search";
import { SearchWidgets } from "./search-ui";

const settings = testSettings();
const stock = [
  car(1, { make: "Mazda", model: "CX-5", price: 30_990 }),
  car(2, { make: "Mazda", model: "CX-5", price: 45_000 }),
  car(3, { make: "Mazda", model: "CX-5", price: 52_000 }),
];
const CHIP = "Remove $27,000 – $33,000";

/** What the probe saw: whether the commit's passive effects had run when the chip was clicked. */
let seen: { clickedBeforeEffects?: boolean } = {};
let effectsRan = false;
/** After the widgets: once React commits the hydrated page, clicks the chip before that commit's passive effects (when `click`). */
function ClickAfterCommit({ click }: { click: boolean }) {
  useLayoutEffect(() => {
    if (!click) return;
    // A microtask runs once the commit is done and before the task that runs its passive effects,
    // as a key press waiting when the commit ends does.
    queueMicrotask(() => {
      seen.clickedBeforeEffects = !effectsRan;
      [...document.querySelectorAll("button")].find((b) => b.textContent === CHIP)!.click();
    });
  }, [click]);
  useEffect(() => {
    effectsRan = true;
  }, []);
  return null;
}

let host: HTMLElement;
let root: Root | undefined;
beforeEach(() => {
  // React's own scheduler, as in the browser: act() would run the commit's effects before the click.
  vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", false);
  vi.stubGlobal("fetch", vi.fn(async () => new Response(null, { status: 204 })));
  vi.spyOn(window.navigator, "sendBeacon").mockReturnValue(true);
  host = document.body.appendChild(document.createElement("div"));
  seen = {};
  effectsRan = false;
});
afterEach(() => {
  root?.unmount();
  root = undefined;
  host.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server's render of the page at Mazda CX-5 from $27,000 to $33,000, hydrated; answers the client and the time to wait on. */
async function hydrate(click: boolean) {
  const client = fakeSearch(stock);
  const app = (serverState?: Awaited<ReturnType<typeof getServerState>>) => (
    <InstantSearchSSRProvider {...serverState}>
      <InstantSearch
        indexName={settings.indexName}
        searchClient={client as never}
        initialUiState={{ [settings.indexName]: { refinementList: { make: ["Mazda"] }, range: { price: "27000:33000" } } }}
        insights={false}
        future={{ preserveSharedStateOnUnmount: true }}
      >
        <SearchWidgets settings={settings} />
        <ClickAfterCommit click={click} />
      </InstantSearch>
    </InstantSearchSSRProvider>
  );
  const serverState = await getServerState(app(), { renderToString });
  host.innerHTML = renderToString(app(serverState));
  const sent = client.requests.length;
  expect(count()).toBe("1 Car");
  root = hydrateRoot(host, app(serverState));
  return { requests: () => client.requests.slice(sent) };
}

const count = () => host.querySelector('h2[id$="-count"]')?.textContent;
const chips = () => [...host.querySelectorAll('[aria-label="Selected filters"] button')].map((b) => b.textContent);

describe("the search page as it hydrates", () => {
  it("searches for a chip removed between the hydrating commit and its effects: the wider results replace the server's", async () => {
    const { requests } = await hydrate(true);
    await vi.waitFor(() => expect(count()).toBe("3 Cars"), { timeout: 3_000, interval: 20 });
    expect(seen.clickedBeforeEffects).toBe(true);
    expect(chips()).toEqual(["Remove Mazda"]);
    // The one search sent is the wider one: no price filter.
    const main = requests().filter((r) => r.params?.hitsPerPage === settings.hitsPerPage);
    expect(main.map((r) => r.params?.numericFilters ?? [])).toEqual([[]]);
  });

  it("sends no search when nothing changes: the server's results stay", async () => {
    const { requests } = await hydrate(false);
    await vi.waitFor(() => expect(effectsRan).toBe(true), { timeout: 3_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests()).toEqual([]);
    expect(count()).toBe("1 Car");
    expect(chips()).toEqual(["Remove Mazda", CHIP]);
  });
});
