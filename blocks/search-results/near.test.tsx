// @vitest-environment happy-dom
/**
 * "near 2148" on the search page (issue 34), against the embedded engine: the place is looked up on
 * the site, the search asks for cars within the radius (aroundLatLng / aroundRadius), nearest first on
 * the relevance order and by the chosen sort's attribute otherwise (Algolia's order), shown as a chip
 * that removes it; a place the site cannot find goes back among the words with a message.
 */
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { SearchIndex } from "../../server/search/engine";
import { vehicleIndexSettings } from "../../server/search/vehicle-index";
import { car } from "../../tests/fixtures/search-records";
import { clientRoot, type } from "./fixtures/client-root";
import { mountSearchUI, type SearchProbe } from "./fixtures/mount-search";
import { testSettings } from "./fixtures/render-search";
import { normaliseSavedState } from "../../domain/saved-search";

// Where each car stands, and how far that is from Blacktown (2148, at -33.77, 150.905).
const at = (n: number, badge: string, lat: number, lng: number, price: number) => ({ ...car(n, { badge, price, custom_rank: n, model: n === 4 ? "Yaris" : "Corolla" }), _geoloc: { lat, lng } });
const stock = [
  at(1, "Blacktown", -33.77, 150.905, 30000), // 0 km
  at(2, "Parramatta", -33.815, 151.003, 20000), // 10 km
  at(3, "Penrith", -33.751, 150.694, 40000), // 20 km
  at(4, "Newcastle", -32.927, 151.78, 10000), // 123 km
  at(5, "Sydney", -33.868, 151.207, 25000), // 30 km
];
const engine = vi.hoisted(() => ({ client: null as null | { search: (...a: never[]) => Promise<unknown> } }));
vi.mock("../../renderer/search-client", () => ({ createSearchClient: () => engine.client }));

const ctx = clientRoot();
const settings = testSettings();
let probe: SearchProbe;

const BLACKTOWN = { place: "Blacktown, NSW", lat: -33.77, lng: 150.905 };
const saved: unknown[] = [];
const places = vi.fn(async (url: string, init?: RequestInit) =>
  url === "/api/saved-searches"
    ? (saved.push(JSON.parse(String(init?.body))), Response.json({ id: "x", message: "Check your email." }, { status: 201 }))
    : url === "/api/places?q=2148"
    ? Response.json(BLACKTOWN)
    : Response.json({ error: `No place called “${decodeURIComponent(url.split("q=")[1])}” in Australia.` }, { status: 404 }),
);

async function mount() {
  const index = new SearchIndex(vehicleIndexSettings);
  index.replaceAll(stock);
  const asked: Record<string, unknown>[] = [];
  const client = {
    search: async (requests: { indexName: string; params: Record<string, unknown> }[]) => {
      asked.push(...requests.map((r) => r.params));
      return index.multipleQueries(requests as never);
    },
  };
  engine.client = client as never;
  vi.stubGlobal("fetch", places);
  probe = await mountSearchUI(ctx.root, client, settings);
  return asked;
}
const box = () => ctx.host.querySelector<HTMLInputElement>('input[type="search"]')!;
const chips = () => [...ctx.host.querySelectorAll('ul[aria-label="Selected filters"] button')].map((b) => b.textContent);
/** Where each car shown stands (its badge, here). */
const where = () => [...ctx.host.querySelectorAll("article h3 a")].map((a) => /(?:Corolla|Yaris)\s(\S+)\s/.exec(a.textContent!)?.[1]);
const settle = () => act(() => vi.advanceTimersByTimeAsync(400));
const submit = async (text: string) => {
  await act(async () => type(box(), text));
  await act(async () => box().form!.requestSubmit());
  // The parser is a chunk of its own (loaded on first focus or submit): let it arrive.
  await act(async () => void (await import("../../domain/understand/understand")));
  await settle();
};

describe("search box: near a place (issue 34)", () => {
  it("searches within 50 km of the place, nearest first; the chosen sort orders them; the chip removes it", async () => {
    const asked = await mount();
    expect(where()).toEqual(["Sydney", "Newcastle", "Penrith", "Parramatta", "Blacktown"]);
    await submit("near 2148");
    expect(places).toHaveBeenCalledWith("/api/places?q=2148", { credentials: "same-origin" });
    expect(probe.state.near).toEqual({ ...BLACKTOWN, km: 50 });
    expect(chips()).toEqual(["Remove Within 50 km of Blacktown, NSW"]);
    expect(where()).toEqual(["Blacktown", "Parramatta", "Penrith", "Sydney"]);
    expect(asked.at(-1)).toMatchObject({ aroundLatLng: "-33.77,150.905", aroundRadius: 50000 });
    expect(box().value).toBe("");

    // A sorted replica's attribute comes first, as in Algolia; the radius still holds.
    const sort = ctx.host.querySelector<HTMLSelectElement>("select")!;
    await act(async () => {
      sort.value = "vehicles_price_desc";
      sort.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await settle();
    expect(where()).toEqual(["Penrith", "Blacktown", "Sydney", "Parramatta"]);

    await act(async () => ctx.host.querySelector<HTMLButtonElement>('ul[aria-label="Selected filters"] button')!.click());
    await settle();
    expect(chips()).toEqual([]);
    expect(probe.state.near).toBeUndefined();
    expect(where()).toEqual(["Penrith", "Blacktown", "Sydney", "Parramatta", "Newcastle"]);
    expect(asked.at(-1)?.aroundLatLng).toBeUndefined();
  });

  it("takes a typed radius; a place the site cannot find goes back among the words, and the box says so", async () => {
    await mount();
    await submit("within 25 km of 2148");
    expect(chips()).toEqual(["Remove Within 25 km of Blacktown, NSW"]);
    expect(where()).toEqual(["Blacktown", "Parramatta", "Penrith"]);

    await submit("corolla near Narnia");
    expect(probe.state).toMatchObject({ query: "Narnia", refinementList: { model: ["Corolla"] } });
    expect(probe.state.near).toBeUndefined();
    expect(ctx.host.querySelector('[role="status"]')?.textContent).toBe("No place called “Narnia” in Australia. Searched for it as words instead.");
    expect(box().value).toBe("Narnia");
  });

  it("offers Email me new cars for a search near a place, and saves it with its place, point and radius", async () => {
    await mount();
    await submit("within 25 km of 2148");
    const summary = [...ctx.host.querySelectorAll("summary")].find((x) => x.textContent === "Email me new cars for this search");
    expect(summary).toBeTruthy();
    const email = ctx.host.querySelector<HTMLInputElement>('input[type="email"]')!;
    await act(async () => type(email, "ada@example.com"));
    saved.length = 0;
    await act(async () => email.form!.requestSubmit());
    await settle();
    expect(saved).toEqual([{ email: "ada@example.com", state: { near: { ...BLACKTOWN, km: 25 } }, path: "/search" }]);
    // What the server stores of it (domain/saved-search.ts, as POST /api/saved-searches reads it).
    expect(normaliseSavedState((saved[0] as { state: unknown }).state)).toEqual({ near: { ...BLACKTOWN, km: 25 } });
  });
});
