/**
 * The optional language-model provider (issue 34) against a local OpenAI-compatible receiver: a node
 * http server that reads the chat request it gets and answers from it — each word of the shopper's
 * message matched, one typo allowed, to a value the system prompt lists — so the answers are computed,
 * not canned. `mode` makes it answer badly: a value the site lacks, an unknown filter, too late.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoFacets } from "../../scripts/bench-understand";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { MemoryRateLimiter } from "../http/rate-limit";
import { withErrors, type SiteContext } from "../http/site-route";
import { handleUnderstand, NO_LANGUAGE_MODEL, type UnderstandDeps } from "./http";
import { languageModelConfig, type LanguageModelConfig } from "./provider";

type Mode = "good" | "invented-value" | "unknown-filter" | "slow";
let mode: Mode = "good";
const received: { url?: string; auth?: string; body: Record<string, unknown> }[] = [];

/** Levenshtein distance ≤ 1 (one letter changed, added, dropped or two swapped). */
function near(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const tail = (x: number, y: number) => a.slice(i + x) === b.slice(i + y);
  return tail(1, 1) || tail(1, 0) || tail(0, 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && tail(2, 2));
}

function answerFor(system: string, user: string) {
  const values = JSON.parse(/only these exact values: (\{.*\})\.$/m.exec(system)![1]) as Record<string, string[]>;
  const refinementList: Record<string, string[]> = {};
  const left: string[] = [];
  for (const word of user.toLowerCase().split(/\s+/)) {
    const hit = Object.entries(values).flatMap(([attribute, list]) => list.filter((v) => word.length >= 4 && near(word, v.toLowerCase())).map((v) => [attribute, v] as const))[0];
    if (hit) (refinementList[hit[0]] ??= []).push(hit[1]);
    else left.push(word);
  }
  if (mode === "invented-value") refinementList.colour = ["Mauve"];
  return { refinementList, ...(mode === "unknown-filter" ? { range: { towing: ":3500" } } : {}), query: left.join(" ") };
}

const receiver = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (c: Buffer) => (raw += c));
  req.on("end", () => {
    const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
    received.push({ url: req.url, auth: req.headers.authorization, body });
    const content = JSON.stringify(answerFor(body.messages[0].content, body.messages[1].content));
    const send = () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
    if (mode === "slow") setTimeout(send, 1500).unref();
    else send();
  });
});

const tenant = JSON.parse(readFileSync("tenants/harbourline.json", "utf8")) as TenantDocument;
const { facets } = demoFacets("harbourline");
let config: LanguageModelConfig;
let ctx: SiteContext;
const logged: string[] = [];
const deps = (more: UnderstandDeps = {}): UnderstandDeps => ({ config, facets: async () => facets, log: (m) => logged.push(m), ...more });
const ask = (body: unknown, more?: UnderstandDeps) =>
  withErrors(
    (r, c) => handleUnderstand(r, c, deps(more)),
    new Request("http://harbourline.localhost/api/understand", { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) }),
    ctx,
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  config = languageModelConfig({ UNDERSTAND_LLM_URL: `http://127.0.0.1:${port}/v1/`, UNDERSTAND_LLM_MODEL: "test-model", UNDERSTAND_LLM_API_KEY: "sk-test", UNDERSTAND_LLM_TIMEOUT_MS: "400" })!;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
beforeEach(() => {
  mode = "good";
  received.length = 0;
  logged.length = 0;
  ctx = { db: null as never, tenant, sms: { name: "none", send: async () => {} }, limiter: new MemoryRateLimiter() };
});

describe("language-model provider", () => {
  it("is configured by the environment, or not at all", () => {
    expect(languageModelConfig({})).toBeNull();
    expect(config).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions$/), model: "test-model", apiKey: "sk-test", timeoutMs: 400 });
    expect(() => languageModelConfig({ UNDERSTAND_LLM_URL: "http://x/v1" })).toThrow("UNDERSTAND_LLM_URL and UNDERSTAND_LLM_MODEL must be set together (or neither).");
    expect(() => languageModelConfig({ UNDERSTAND_LLM_URL: "file:///etc", UNDERSTAND_LLM_MODEL: "m" })).toThrow("UNDERSTAND_LLM_URL must be http or https, not file:");
  });

  it("sends an OpenAI chat request in JSON mode with the site's values, and adds a valid answer to the parser's reading", async () => {
    const res = await ask({ text: "whiet toyta under 40k" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ source: "language-model", refinementList: { colour: ["White"], make: ["Toyota"] }, range: { price: ":40000" }, query: "" });
    expect(received).toHaveLength(1);
    const { url, auth, body } = received[0];
    expect([url, auth]).toEqual(["/v1/chat/completions", "Bearer sk-test"]);
    expect(body).toMatchObject({ model: "test-model", response_format: { type: "json_object" }, temperature: 0, max_tokens: 300 });
    const messages = body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(messages[1].content).toBe("whiet toyta under 40k");
    expect(messages[0].content).toContain('"colour":["Blue","Green","Yellow","Grey","Brown","Silver","White","Red","Black","Purple","Beige","Orange"]');
    expect(messages[0].content).toContain("price and weekly_price are in AUD");
  });

  it("refuses a whole answer that names a value the site lacks or a filter it has not; the parser's reading stands", async () => {
    const parser = { source: "parser", refinementList: {}, range: { price: ":40000" }, query: "whiet toyta" };
    mode = "invented-value";
    expect(await (await ask({ text: "whiet toyta under 40k" })).json()).toEqual(parser);
    mode = "unknown-filter";
    expect(await (await ask({ text: "whiet toyta under 40k" })).json()).toEqual(parser);
    expect(logged).toEqual([
      `[understand] the language model's answer was refused (colour "Mauve" is not a value this site has); the parser's reading stands.`,
      `[understand] the language model's answer was refused ("towing" is not a range the request may set); the parser's reading stands.`,
    ]);
  });

  it("falls back to the parser when the model is late, and does not ask it when the parser placed every word", async () => {
    mode = "slow";
    const started = Date.now();
    expect(await (await ask({ text: "whiet toyta" })).json()).toEqual({ source: "parser", refinementList: {}, range: {}, query: "whiet toyta" });
    expect(Date.now() - started).toBeLessThan(1200);
    expect(logged).toEqual(["[understand] the language model gave no answer (no answer within 400 ms); the parser's reading stands."]);
    received.length = 0;
    expect(await (await ask({ text: "white toyota ute" })).json()).toEqual({ source: "parser", refinementList: { make: ["Toyota"], body: ["ute"], colour: ["White"] }, range: {}, query: "" });
    expect(received).toHaveLength(0);
  });

  it("answers bad input, no model and too many calls with a clear message", async () => {
    const message = async (r: Response) => [r.status, ((await r.json()) as { message: string }).message];
    expect(await message(await ask({ text: 42 }))).toEqual([400, '"text" must be the request as typed: a string that is not empty.']);
    expect(await message(await ask({ text: "x".repeat(201) }))).toEqual([400, '"text" may be at most 200 characters; it has 201.']);
    expect(await message(await ask("[1]"))).toEqual([400, "The request body must be a JSON object."]);
    expect((await ask({ text: "x".repeat(3000) })).status).toBe(413);
    expect(await message(await ask({ text: "ute" }, { config: null }))).toEqual([404, NO_LANGUAGE_MODEL]);
    const limits = { perClient: { limit: 2, windowMs: 60_000 }, perNetwork: { limit: 10, windowMs: 60_000 }, perSite: { limit: 10, windowMs: 60_000 } };
    for (let i = 0; i < 2; i++) expect((await ask({ text: "ute" }, { limits })).status).toBe(200);
    expect(await message(await ask({ text: "ute" }, { limits }))).toEqual([429, "Too many requests from here in a short time. Please try again in 60 seconds."]);
  });
});
