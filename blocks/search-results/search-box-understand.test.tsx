// @vitest-environment happy-dom
/**
 * The search box understands a request (issue 34): on Enter the search becomes the filters it names,
 * shown as chips that read like the request; removing one widens the results; a plain word is
 * searched as before.
 */
import { act } from "react";
import { InstantSearch, useInstantSearch } from "react-instantsearch";
import { describe, expect, it, vi } from "vitest";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import { clientRoot, type } from "./fixtures/client-root";
import { testSettings } from "./fixtures/render-search";
import { SearchUI } from "./search-ui";

const stock = [
  car(1, { title: "2020 Toyota HiLux SR5", model: "HiLux", body: "ute", colour: "White", fuel: "Diesel", price: 38990, km: 42000, drive: "4x4" }),
  car(2, { title: "2019 Toyota HiLux SR", model: "HiLux", body: "ute", colour: "White", fuel: "Diesel", price: 45990, km: 30000, drive: "4x4" }),
  car(3, { title: "2021 Ford Ranger XLT", make: "Ford", model: "Ranger", body: "ute", colour: "Blue", fuel: "Diesel", price: 36990, km: 20000, drive: "4x4" }),
  car(4, { title: "2021 Mazda CX-5 Maxx", make: "Mazda", model: "CX-5", body: "suv", colour: "White", fuel: "Petrol", price: 32990, km: 25000 }),
  car(5, { title: "2018 Toyota Corolla Ascent", body: "hatch", colour: "Red", price: 18990, km: 80000 }),
];
// The box reads the site's facet values through the site's search client: here, the same stand-in engine.
const engine = vi.hoisted(() => ({ client: null as null | { search: (...a: never[]) => Promise<unknown> } }));
vi.mock("../../renderer/search-client", () => ({ createSearchClient: () => engine.client }));

const ctx = clientRoot();
const settings = testSettings();
let state: ReturnType<typeof useInstantSearch>["indexUiState"] = {};
function Probe() {
  const { configure: _configure, ...rest } = useInstantSearch().indexUiState;
  state = rest;
  return null;
}

const mount = async (site = settings) => {
  const client = fakeSearch(stock);
  engine.client = client;
  await act(async () => {
    ctx.root.render(
      <InstantSearch indexName={settings.indexName} searchClient={client as never} insights={false} future={{ preserveSharedStateOnUnmount: true }}>
        <SearchUI settings={site} />
        <Probe />
      </InstantSearch>,
    );
  });
  await act(() => vi.advanceTimersByTimeAsync(50));
  return client;
};
const box = () => ctx.host.querySelector<HTMLInputElement>('input[type="search"]')!;
const count = () => ctx.host.querySelector('h2[id$="-count"]')?.textContent;
const chips = () => [...ctx.host.querySelectorAll('ul[aria-label="Selected filters"] button')].map((b) => b.textContent);
const titles = () => [...ctx.host.querySelectorAll("article h3 a")].map((a) => a.textContent);
const submit = async (text: string) => {
  await act(async () => type(box(), text));
  await act(async () => box().form!.requestSubmit());
  // The parser is a chunk of its own (loaded on first focus or submit): let it arrive.
  await act(async () => void (await import("../../domain/understand/understand")));
  await act(() => vi.advanceTimersByTimeAsync(400));
};

describe("search box: understanding a request (issue 34)", () => {
  it("turns the request into the site's filters, shown as chips in the request's words, and the box keeps only what is left", async () => {
    const client = await mount();
    await submit("white diesel ute under 40k with less than 50,000 km");
    expect(state).toEqual({ refinementList: { colour: ["White"], fuel: ["Diesel"], body: ["ute"] }, range: { price: ":40000", km: ":50000" } });
    expect(chips()).toEqual(["Remove Ute", "Remove White", "Remove Diesel", "Remove Under $40,000", "Remove Under 50,000 km"]);
    expect(count()).toBe("1 Car");
    expect(titles()).toEqual(["2021 Toyota HiLux Ascent Sport ZWE211R"]);
    expect(box().value).toBe("");
    // The site's values were asked once, for all its stock (no filter, no hits).
    const asked = client.requests.filter((r) => r.params?.hitsPerPage === 0 && [r.params.facets].flat().includes("price_range"));
    expect(asked).toHaveLength(1);
    expect(asked[0].params).toEqual({ query: "", hitsPerPage: 0, facets: ["make", "model", "body", "colour", "fuel", "transmission", "drive", "car_type", "item_type", "price_range"], maxValuesPerFacet: 1000 });

    // Removing a chip widens the results; the focus goes to the chip now in its place.
    const price = [...ctx.host.querySelectorAll<HTMLButtonElement>('ul[aria-label="Selected filters"] button')][3];
    price.focus();
    await act(async () => price.click());
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(chips()).toEqual(["Remove Ute", "Remove White", "Remove Diesel", "Remove Under 50,000 km"]);
    expect(count()).toBe("2 Cars");
    expect(document.activeElement?.textContent).toBe("Remove Under 50,000 km");
  });

  it("keeps the words it cannot place as the query, and a plain word searches as before", async () => {
    await mount();
    await submit("white hilux sunroof");
    expect(state.query).toBe("sunroof");
    expect(state.refinementList).toEqual({ colour: ["White"], model: ["HiLux"] });
    expect(state.range ?? {}).toEqual({});
    expect(box().value).toBe("sunroof");

    await act(async () => ctx.host.querySelector<HTMLButtonElement>(".fc-link-button")!.click());
    await act(() => vi.advanceTimersByTimeAsync(50));
    await submit("sr5");
    expect(state.query).toBe("sr5");
    expect(state.refinementList ?? {}).toEqual({});
    expect(chips()).toEqual([]);
    expect(count()).toBe("1 Car");
  });

  it("asks the server's language model only when words are left over, and takes its reading", async () => {
    const asked: string[] = [];
    // fetch is unstubbed after each test (fixtures/client-root). The site's POST /api/understand (server/understand/http.ts, tested against a model there): "whiet" read as White.
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      const { text } = JSON.parse(String(init.body)) as { text: string };
      asked.push(`${url} ${text}`);
      return Response.json({ source: "language-model", refinementList: { model: ["HiLux"], ...(text.includes("whiet") ? { colour: ["White"] } : {}) }, range: {}, query: "sunroof" });
    });
    await mount({ ...settings, understandWaitMs: 2500 });
    await submit("white diesel ute under 40k");
    expect(asked).toEqual([]);
    await submit("whiet hilux sunroof");
    expect(asked).toEqual(["/api/understand whiet hilux sunroof"]);
    expect(state).toEqual({ refinementList: { model: ["HiLux"], colour: ["White"] }, query: "sunroof" });
    expect(chips()).toEqual(["Remove HiLux", "Remove White"]);
  });
});
