import { describe, expect, it } from "vitest";
import { BodyError, cleanText, MAX_JSON_DEPTH, nestedDeeperThan, readLimitedJson, readLimitedText, TOO_DEEP } from "./body";

const messages = { tooLarge: (d?: number) => (d === undefined ? "too large" : `declared ${d}`), empty: "empty", invalidJson: (m: string) => `bad: ${m}` };
const post = (body: BodyInit | null, headers: Record<string, string> = {}) => new Request("http://x/", { method: "POST", body, headers, duplex: "half" } as RequestInit);
const refused = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(BodyError);
    return [(e as BodyError).status, (e as BodyError).message];
  }
  throw new Error("not refused");
};

describe("request bodies with a limit", () => {
  it("reads a body within the limit", async () => {
    expect(await readLimitedText(post("hello"), 5, messages.tooLarge)).toBe("hello");
    expect(await readLimitedJson(post('{"a":1}'), 100, messages)).toEqual({ a: 1 });
  });

  it("refuses a declared length over the limit before reading, and a streamed body once it passes it", async () => {
    expect(await refused(readLimitedText(post("x".repeat(10), { "content-length": "10" }), 5, messages.tooLarge))).toEqual([413, "declared 10"]);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
        if (pulled > 1000) c.close();
      },
    });
    expect(await refused(readLimitedText(post(stream), 4096, messages.tooLarge))).toEqual([413, "too large"]);
    expect(pulled).toBeLessThan(10);
  });

  it("gives the route's messages for an empty body and for what is not JSON", async () => {
    expect(await refused(readLimitedJson(post(""), 100, messages))).toEqual([400, "empty"]);
    expect(await refused(readLimitedJson(post("{nope"), 100, messages))).toEqual([400, expect.stringMatching(/^bad: /)]);
    expect(await refused(readLimitedJson(post(""), 100, { ...messages, empty: undefined }))).toEqual([400, expect.stringMatching(/^bad: /)]);
  });

  it("drops U+0000 and replaces lone surrogates with U+FFFD in every string and key, keeping the rest", async () => {
    // What a browser's maxlength leaves of an emoji (its high half), a low half alone, NUL, escaped and raw.
    const body = JSON.stringify({ "k\u0000ey": "a\u0000b", msg: "hi \uD83D", list: ["\uDE00x", "ok 😀", { deep: "\u0000" }], tab: "a\tb\nc\u0001" });
    expect(body).toContain("\\ud83d"); // JSON.stringify escapes a lone surrogate: the text is valid JSON
    expect(await readLimitedJson(post(body), 1000, messages)).toEqual({ key: "ab", msg: "hi \uFFFD", list: ["\uFFFDx", "ok 😀", { deep: "" }], tab: "a\tb\nc\u0001" });
    expect(await readLimitedJson(post('"\\u0000"'), 100, messages)).toBe("");
    expect(await readLimitedText(post("a\u0000b"), 100, messages.tooLarge)).toBe("ab");
    expect(cleanText("\uD83D\uDE00\uD83D")).toBe("😀\uFFFD");
  });

  it("keeps a __proto__ key an own property (for the validators to refuse), not the object's prototype", async () => {
    const parsed = (await readLimitedJson(post('{"__proto__":{"polluted":"\\u0000yes"},"a":"\\ud800"}'), 1000, messages)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(["__proto__", "a"]);
    expect(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value).toEqual({ polluted: "yes" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels with a 400 before parsing, brackets in strings not counted`, async () => {
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(await readLimitedJson(post(deep(MAX_JSON_DEPTH)), 1000, messages)).toBeDefined();
    expect(await refused(readLimitedJson(post(deep(MAX_JSON_DEPTH + 1)), 1000, messages))).toEqual([400, TOO_DEEP]);
    expect(await refused(readLimitedJson(post('{"a":'.repeat(10_000)), 100_000, { ...messages, tooDeep: "too deep" }))).toEqual([400, "too deep"]);
    // 100,000 levels: refused from the scan, without a stack overflow
    expect(await refused(readLimitedJson(post(deep(100_000)), 1_000_000, messages))).toEqual([400, TOO_DEEP]);
    expect(nestedDeeperThan(JSON.stringify({ s: "[[[[[[[[[[\\\"{{{{{{{{{{{{" }), 3)).toBe(false);
    expect(await readLimitedJson(post(JSON.stringify({ s: "[".repeat(500) })), 1000, messages)).toEqual({ s: "[".repeat(500) });
  });
});
