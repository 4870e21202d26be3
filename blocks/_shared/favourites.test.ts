import { describe, expect, it } from "vitest";
import { COMPARE_MAX, FAVOURITES_MAX } from "../../domain/car-lists";
import { parseList, removeEntry, toggleEntry, toggleMessage, type ListEntry } from "./favourites";

const entry = (n: number, extra: Partial<ListEntry> = {}): ListEntry => ({
  id: `car-${n}`, name: `2021 Kia Rio ${n}`, slug: `2021-kia-rio-${n}`, make: "Kia", model: "Rio", primary_image_url: `/media/${n}.jpg`, ...extra,
});

describe("stored lists are read as untrusted", () => {
  it("keeps well-formed entries, each car once", () => {
    const raw = JSON.stringify([entry(1), entry(2), entry(1)]);
    expect(parseList(raw).map((e) => e.id)).toEqual(["car-1", "car-2"]);
  });

  it.each([
    ["not JSON", "{not json"],
    ["an object", '{"id":"1"}'],
    ["a number", "42"],
    ["null", "null"],
    ["a string", '"car-1"'],
    ["too long to be ours", `[${'"x",'.repeat(60_000)}"x"]`],
  ])("an unreadable list (%s) is empty", (_what, raw) => {
    expect(parseList(raw)).toEqual([]);
  });

  it("drops entries with a bad id or slug, copies only known fields, and keeps no foreign picture address", () => {
    const hostile = [
      { ...entry(1), __proto__: { polluted: true }, extra: "<script>" },
      { ...entry(2), id: { $gt: "" } },
      { ...entry(3), id: "bad id with spaces" },
      { ...entry(4), slug: "../../admin" },
      { ...entry(5), id: "x".repeat(81) },
      { ...entry(6), name: 7, primary_image_url: "javascript:alert(1)" },
      { ...entry(7), primary_image_url: "//evil.example/x.jpg" },
      { ...entry(8), name: "bad\u0000name" },
      null,
      [entry(9)],
      "car-10",
    ];
    const list = parseList(JSON.stringify(hostile));
    expect(list).toEqual([
      entry(1),
      { ...entry(6), name: "", primary_image_url: null },
      { ...entry(7), primary_image_url: null },
      { ...entry(8), name: "" },
    ]);
    expect(Object.keys(list[0]).sort()).toEqual(["id", "make", "model", "name", "primary_image_url", "slug"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps at most the list's maximum", () => {
    const many = JSON.stringify(Array.from({ length: 100 }, (_, i) => entry(i)));
    expect(parseList(many, "compare")).toHaveLength(COMPARE_MAX);
    expect(parseList(many, "favourites")).toHaveLength(FAVOURITES_MAX);
  });
});

describe("toggling", () => {
  it("adds, removes, and refuses a fifth car to compare with a clear message", () => {
    let list: ListEntry[] = [];
    for (let i = 1; i <= 4; i++) {
      const r = toggleEntry(list, entry(i), COMPARE_MAX);
      expect(r.outcome).toBe("added");
      list = r.list;
    }
    const fifth = toggleEntry(list, entry(5), COMPARE_MAX);
    expect(fifth).toEqual({ list, outcome: "full" });
    expect(toggleMessage("compare", "full", entry(5).name, 4)).toBe("You can compare up to 4 cars. Remove one from your comparison to add 2021 Kia Rio 5.");
    // Taking one off makes room.
    const removed = toggleEntry(list, entry(2), COMPARE_MAX);
    expect(removed.outcome).toBe("removed");
    expect(toggleEntry(removed.list, entry(5), COMPARE_MAX).outcome).toBe("added");
    expect(removeEntry(list, "car-3").map((e) => e.id)).toEqual(["car-1", "car-2", "car-4"]);
  });

  it("says what happened", () => {
    expect(toggleMessage("compare", "added", "2021 Kia Rio", 1)).toBe("2021 Kia Rio added to compare. Add another car to compare them side by side.");
    expect(toggleMessage("compare", "added", "2021 Kia Rio", 3)).toBe("2021 Kia Rio added to compare (3 cars).");
    expect(toggleMessage("favourites", "added", "2021 Kia Rio", 1)).toBe("2021 Kia Rio saved to your favourites.");
    expect(toggleMessage("favourites", "removed", "  ", 0)).toBe("This car removed from your favourites.");
  });
});
