// @vitest-environment happy-dom
/**
 * A results update draws each card once. InstantSearch hands the widgets new, equal hit objects at
 * every change of its status (the query typed, searching, done), and the cards were drawn again at
 * each: two or three times a search, with a phone's CPU the larger part of the update's script.
 */
import { act } from "react";
import { InstantSearch } from "react-instantsearch";
import { describe, expect, it, vi } from "vitest";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import { clientRoot, type } from "./fixtures/client-root";
import { testSettings } from "./fixtures/render-search";
import { sameHit, SearchUI } from "./search-ui";

const drawn: string[] = [];
vi.mock("../_shared/vehicle-card", async (original) => {
  const real = await original<typeof import("../_shared/vehicle-card")>();
  return { ...real, VehicleCard: (props: Parameters<typeof real.VehicleCard>[0]) => (drawn.push(props.car.objectID), real.VehicleCard(props)) };
});

const ctx = clientRoot();


const countOf = (ids: string[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>());

describe("search results: a results update", () => {
  it("draws each card of the new results once, and no card when a search leaves the results as they were", async () => {
    const stock = [car(1), car(2, { make: "Mazda", model: "CX-5", title: "2021 Mazda CX-5 Maxx" }), car(3), car(4, { make: "Mazda", model: "3", title: "2021 Mazda 3 G20" })];
    const settings = testSettings();
    const client = fakeSearch(stock);
    await act(async () => {
      ctx.root.render(
        <InstantSearch indexName={settings.indexName} searchClient={client as never} insights={false} future={{ preserveSharedStateOnUnmount: true }}>
          <SearchUI settings={settings} />
        </InstantSearch>,
      );
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(ctx.host.querySelectorAll("article")).toHaveLength(4);
    const box = ctx.host.querySelector<HTMLInputElement>('input[type="search"]')!;

    drawn.length = 0;
    await act(async () => type(box, "mazda"));
    await act(() => vi.advanceTimersByTimeAsync(400));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect([...ctx.host.querySelectorAll("article h3")].map((h) => h.textContent)).toEqual(["2021 Mazda CX-5 Ascent Sport ZWE211R", "2021 Mazda 3 Ascent Sport ZWE211R"]);
    expect([...countOf(drawn).values()].every((n) => n === 1)).toBe(true);
    expect([...countOf(drawn).keys()].sort()).toEqual(["1002", "1004"]);

    // The same results again (a space added): InstantSearch searches and reports; no card changes.
    drawn.length = 0;
    await act(async () => type(box, "mazda "));
    await act(() => vi.advanceTimersByTimeAsync(400));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(client.requests.at(-1)?.params?.query).toBe("mazda ");
    expect(ctx.host.querySelectorAll("article")).toHaveLength(2);
    expect(drawn).toEqual([]);
  });

  it("tells equal hits from changed ones", () => {
    const a = { ...car(1), __position: 1 };
    expect(sameHit(a, { ...a })).toBe(true);
    expect(sameHit(a, { ...a, price: a.price + 1 })).toBe(false);
    expect(sameHit(a, { ...a, __position: 2 })).toBe(false);
    const { __position: _, ...without } = a;
    expect(sameHit(a, without)).toBe(false);
    expect(sameHit(without, a)).toBe(false);
  });
});
