// @vitest-environment happy-dom
/**
 * The debounces of spec §9, driven with fake timers: the query is searched 300 ms after the last key
 * press, a slider's range 400 ms after the thumbs stop — not a moment sooner, and once.
 */
import { act } from "react";
import { InstantSearch } from "react-instantsearch";
import { describe, expect, it, vi } from "vitest";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import { clientRoot, type } from "./fixtures/client-root";
import { testSettings } from "./fixtures/render-search";
import { useDebouncedRange } from "../_shared/search/range";
import { SearchUI } from "./search-ui";

const stock = [car(1), car(2, { price: 45000 }), car(3, { price: 12000 })];
const ctx = clientRoot();

const settings = testSettings();
const mount = async (client: ReturnType<typeof fakeSearch>, children: React.ReactNode) => {
  await act(async () => {
    ctx.root.render(
      <InstantSearch indexName={settings.indexName} searchClient={client as never} insights={false} future={{ preserveSharedStateOnUnmount: true }}>
        {children}
      </InstantSearch>,
    );
  });
  await act(() => vi.advanceTimersByTimeAsync(50)); // the first search
};
const queries = (client: ReturnType<typeof fakeSearch>) => client.requests.map((r) => r.params?.query ?? "");

describe("debounces (spec §9)", () => {
  it("searches the query 300 ms after the last key press, once", async () => {
    const client = fakeSearch(stock);
    await mount(client, <SearchUI settings={settings} />);
    const box = ctx.host.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(box).not.toBeNull();
    const before = client.requests.length;
    expect(before).toBeGreaterThan(0);

    await act(async () => type(box, "cor"));
    await act(() => vi.advanceTimersByTimeAsync(200));
    await act(async () => type(box, "corolla"));
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(queries(client).slice(before)).not.toContain("corolla");
    expect(queries(client)).not.toContain("cor");

    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(queries(client).slice(before)).toContain("corolla");
    expect(queries(client)).not.toContain("cor");
  });

  it("refines a slider's range 400 ms after the thumbs stop, once", async () => {
    const client = fakeSearch(stock);
    let change: ((next: [number, number]) => void) | undefined;
    function Probe() {
      change = useDebouncedRange("price").change;
      return null;
    }
    await mount(client, <Probe />);
    const priced = () => client.requests.filter((r) => JSON.stringify(r.params?.numericFilters ?? []).includes("price"));
    expect(priced()).toEqual([]);

    await act(async () => change!([13000, 44000]));
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => change!([15000, 40000]));
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(priced()).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(priced()).toHaveLength(1);
    expect(priced()[0].params?.numericFilters).toEqual(["price>=15000", "price<=40000"]);
  });
});
