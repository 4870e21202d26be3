import { describe, expect, it } from "vitest";
import { BodyError, readLimitedJson, readLimitedText } from "./body";

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
});
