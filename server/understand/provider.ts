/**
 * The optional language-model provider for requests the embedded parser (domain/understand) cannot
 * place (issue 34): an OpenAI-compatible chat endpoint, set by environment variables. It is asked for
 * the request's filters as JSON, given the site's own facet values; ./accept.ts decides whether its
 * answer is taken. Unset, nothing here runs: the embedded parser is the default and the fallback.
 *
 * - UNDERSTAND_LLM_URL: the API's base URL (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`);
 *   `/chat/completions` is appended.
 * - UNDERSTAND_LLM_MODEL: the model's name (required with the URL).
 * - UNDERSTAND_LLM_API_KEY: sent as `Authorization: Bearer …` when set.
 * - UNDERSTAND_LLM_TIMEOUT_MS: the whole call's deadline (default 2000, at most 10000).
 */
import { RANGE_ATTRIBUTES, VALUE_ATTRIBUTES, type Facets } from "../../domain/understand/understand";

export interface LanguageModelConfig {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

export const LLM_DEFAULT_TIMEOUT_MS = 2000;
export const LLM_MAX_TIMEOUT_MS = 10_000;
/** The most of an answer read (bytes): a chat answer of a few filters is well under 2 KB. */
export const LLM_MAX_ANSWER_BYTES = 64 * 1024;
/** The most values of one attribute put in the prompt (a group's models). */
export const LLM_MAX_VALUES = 400;
/** The answer's length asked for (tokens). */
export const LLM_MAX_TOKENS = 300;

/** The configured provider, or null when UNDERSTAND_LLM_URL or _MODEL is unset; a bad URL or timeout is an error at start. */
export function languageModelConfig(env: Record<string, string | undefined> = process.env): LanguageModelConfig | null {
  const raw = env.UNDERSTAND_LLM_URL?.trim();
  const model = env.UNDERSTAND_LLM_MODEL?.trim();
  if (!raw && !model) return null;
  if (!raw || !model) throw new Error("UNDERSTAND_LLM_URL and UNDERSTAND_LLM_MODEL must be set together (or neither).");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`UNDERSTAND_LLM_URL is not a URL: ${JSON.stringify(raw)}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`UNDERSTAND_LLM_URL must be http or https, not ${url.protocol}`);
  const timeout = env.UNDERSTAND_LLM_TIMEOUT_MS?.trim() ? Number(env.UNDERSTAND_LLM_TIMEOUT_MS) : LLM_DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > LLM_MAX_TIMEOUT_MS) throw new Error(`UNDERSTAND_LLM_TIMEOUT_MS must be a whole number of ms from 100 to ${LLM_MAX_TIMEOUT_MS}.`);
  const apiKey = env.UNDERSTAND_LLM_API_KEY?.trim() || undefined;
  return { url: `${url.href.replace(/\/+$/, "")}/chat/completions`, model, apiKey, timeoutMs: timeout };
}

/** What the model is told: the task, the answer's shape and the site's values (the only ones it may name). */
export function systemPrompt(facets: Facets, currency: string): string {
  const values = Object.fromEntries(
    VALUE_ATTRIBUTES.filter((a) => Object.keys(facets[a] ?? {}).length > 0).map((a) => [a, Object.keys(facets[a]).slice(0, LLM_MAX_VALUES)]),
  );
  return [
    "You turn a shopper's request on a motor dealer's website into the site's search filters.",
    'Answer with one JSON object only: {"refinementList": {attribute: [values]}, "range": {attribute: "lo:hi"}, "query": "words you could not place"}.',
    `refinementList may name only these attributes and only these exact values: ${JSON.stringify(values)}.`,
    `range may name only ${RANGE_ATTRIBUTES.join(", ")}: whole numbers, "lo:hi" with either end empty ("":"40000" is written ":40000"). price and weekly_price are in ${currency}, km in kilometres, year a model year, seats a count.`,
    "Leave out any filter the request does not ask for; never invent a value. Words that name no filter go in query.",
  ].join("\n");
}

/** The chat request's body (OpenAI chat completions, JSON mode). */
export function chatRequest(config: LanguageModelConfig, text: string, facets: Facets, currency: string) {
  return {
    model: config.model,
    messages: [
      { role: "system", content: systemPrompt(facets, currency) },
      { role: "user", content: text },
    ],
    response_format: { type: "json_object" },
    temperature: 0,
    max_tokens: LLM_MAX_TOKENS,
  };
}

/** Why a call gave no answer to weigh (logged; the shopper gets the embedded parser's reading). */
export class LanguageModelError extends Error {
  override name = "LanguageModelError";
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > LLM_MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      throw new LanguageModelError(`the answer is over ${LLM_MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Asks the model; answers the JSON object it wrote (not yet checked: see ./accept.ts). Throws a
 * LanguageModelError for a timeout, a refused call, or an answer that is not a chat completion with
 * a JSON object in it.
 */
export async function askLanguageModel(config: LanguageModelConfig, text: string, facets: Facets, currency: string, fetchImpl: typeof fetch = fetch): Promise<unknown> {
  const signal = AbortSignal.timeout(config.timeoutMs);
  let content: unknown;
  try {
    const response = await fetchImpl(config.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify(chatRequest(config, text, facets, currency)),
      signal,
      redirect: "error",
    });
    const body = await readCapped(response);
    if (!response.ok) throw new LanguageModelError(`the endpoint answered ${response.status}`);
    content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  } catch (error) {
    if (error instanceof LanguageModelError) throw error;
    if (signal.aborted) throw new LanguageModelError(`no answer within ${config.timeoutMs} ms`);
    throw new LanguageModelError(error instanceof SyntaxError ? "the answer is not JSON" : `the call failed: ${(error as Error).message}`);
  }
  if (typeof content !== "string") throw new LanguageModelError("the answer has no message content");
  try {
    // Some models fence JSON even in JSON mode.
    return JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ""));
  } catch {
    throw new LanguageModelError("the message content is not JSON");
  }
}

/** The browser's wait for POST /api/understand: the model's deadline and a little for the way there and back. */
export const LLM_WAIT_MARGIN_MS = 500;
let reported = false;

/** How long the search box should wait for the model (its deadline + LLM_WAIT_MARGIN_MS); null when none is configured or its settings are wrong (said once). */
export function languageModelWaitMs(env: Record<string, string | undefined> = process.env): number | null {
  try {
    const config = languageModelConfig(env);
    return config ? config.timeoutMs + LLM_WAIT_MARGIN_MS : null;
  } catch (error) {
    if (!reported) console.error(`[understand] the language model is off: ${(error as Error).message}`);
    reported = true;
    return null;
  }
}
