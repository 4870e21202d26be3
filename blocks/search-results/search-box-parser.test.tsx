// @vitest-environment happy-dom
/**
 * The request parser loads in a chunk of its own, when the box is first focused (issue 34: the
 * search page's main thread): a request typed and submitted before it has arrived is understood
 * once it arrives, and its words are not searched as typed meanwhile.
 */
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import { clientRoot, type } from "./fixtures/client-root";
import { mountSearchUI } from "./fixtures/mount-search";
import { testSettings } from "./fixtures/render-search";

const stock = [
  car(1, { title: "2020 Toyota HiLux SR5", model: "HiLux", body: "ute", colour: "White", fuel: "Diesel", price: 38990 }),
  car(2, { title: "2021 Mazda CX-5 Maxx", make: "Mazda", model: "CX-5", body: "suv", colour: "Blue", fuel: "Petrol", price: 32990 }),
];
const engine = vi.hoisted(() => ({ client: null as null | { search: (...a: never[]) => Promise<unknown> } }));
vi.mock("../../renderer/search-client", () => ({ createSearchClient: () => engine.client }));
// The parser's module arrives only when the test lets it.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open(), asked: 0 };
});
vi.mock("../../domain/understand/understand", async (original) => {
  gate.asked++;
  await gate.opened;
  return original();
});

const ctx = clientRoot();
const settings = testSettings();
describe("search box: the request parser loads on first focus (issue 34)", () => {
  it("is not loaded with the page; a request submitted before it arrives is understood when it does", async () => {
    const client = fakeSearch(stock);
    engine.client = client;
    const probe = await mountSearchUI(ctx.root, client, settings);
    expect(gate.asked).toBe(0);

    const box = ctx.host.querySelector<HTMLInputElement>('input[type="search"]')!;
    await act(async () => box.focus());
    expect(gate.asked).toBe(1);
    await act(async () => type(box, "white diesel ute"));
    await act(async () => box.form!.requestSubmit());
    await act(() => vi.advanceTimersByTimeAsync(400));
    // Still loading: neither the filters nor the words as typed were searched.
    expect(probe.state).toEqual({});
    expect(client.requests.some((r) => r.params?.query === "white diesel ute")).toBe(false);

    gate.open();
    await act(async () => void (await import("../../domain/understand/understand")));
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(probe.state).toEqual({ refinementList: { colour: ["White"], fuel: ["Diesel"], body: ["ute"] } });
    expect(ctx.host.querySelector('h2[id$="-count"]')?.textContent).toBe("1 Car");
  });
});
