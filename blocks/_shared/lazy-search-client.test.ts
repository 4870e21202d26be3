import { describe, expect, it, vi } from "vitest";

const made: { host: string; requests: unknown[] }[] = [];
vi.mock("../../renderer/search-client", () => ({
  createSearchClient: (host: string) => {
    const client = { host, requests: [] as unknown[] };
    made.push(client);
    return { search: async (requests: unknown) => (client.requests.push(requests), { results: [{ host, requests }] }) };
  },
}));

const { lazySearchClient } = await import("./lazy-search-client");

describe("lazy search client", () => {
  it("makes the real client at the first search, once, and answers with its results", async () => {
    const client = lazySearchClient("bluegum.localhost");
    expect(made).toHaveLength(0);
    const first = await client.search([{ indexName: "vehicles" }] as never);
    expect(first.results).toEqual([{ host: "bluegum.localhost", requests: [{ indexName: "vehicles" }] }]);
    await client.search([{ indexName: "offers" }] as never);
    expect(made).toHaveLength(1);
    expect(made[0].requests).toEqual([[{ indexName: "vehicles" }], [{ indexName: "offers" }]]);
  });
});
