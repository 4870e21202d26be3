/**
 * Request bodies with a size limit, for every API route that reads one. The declared length is
 * checked first; a body that streams past the limit is cut off there rather than read whole. Each
 * route keeps its own wording (the messages are part of its answers).
 *
 * JSON is cleaned here, once, for everything behind it: U+0000 is dropped and a lone surrogate (half
 * an emoji cut by a browser's maxlength) becomes U+FFFD in every string and key, since PostgreSQL
 * refuses both in text and jsonb; other control characters are left for the routes' validators.
 * Nesting deeper than MAX_JSON_DEPTH is refused (400) from a scan of the text, before JSON.parse
 * or anything recursive sees it.
 */
import { HttpError } from "../errors";

export class BodyError extends HttpError {
  constructor(status: 400 | 413, message: string) {
    super(status, message);
  }
}

export interface BodyMessages {
  /** With the declared length when the Content-Length header gave it away, else without. */
  tooLarge(declared?: number): string;
  /** For an empty body; when absent an empty body is simply not JSON. */
  empty?: string;
  invalidJson(detail: string): string;
  /** For a body nested deeper than MAX_JSON_DEPTH; TOO_DEEP when absent. */
  tooDeep?: string;
}

/** Objects and arrays inside one another, at most. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays).`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A string as the database can keep it: U+0000 dropped, each lone surrogate replaced by U+FFFD. */
export function cleanText(s: string): string {
  const t = s.includes("\u0000") ? s.replaceAll("\u0000", "") : s;
  return t.replace(LONE_SURROGATE, "\uFFFD");
}

/** Every string and key of parsed JSON cleaned (cleanText), in place; keys such as "__proto__" stay own data properties. */
export function cleanJson(value: unknown): unknown {
  if (typeof value === "string") return cleanText(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = cleanJson(value[i]);
    return value;
  }
  if (value && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const v = cleanJson(obj[key]);
      const k = cleanText(key);
      if (k !== key) delete obj[key];
      if (k !== key || v !== obj[k]) Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
  }
  return value;
}

/** Whether JSON text opens more than `max` objects and arrays inside one another (strings skipped). */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/**
 * JSON text parsed and cleaned (cleanJson); a BodyError (400) when it is nested too deeply or is not
 * JSON. For JSON that arrives some other way than a request body (a query parameter).
 */
export function parseJsonText(text: string, messages: Pick<BodyMessages, "invalidJson" | "tooDeep">): unknown {
  if (nestedDeeperThan(text)) throw new BodyError(400, messages.tooDeep ?? TOO_DEEP);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new BodyError(400, messages.invalidJson((e as Error).message));
  }
  return cleanJson(parsed);
}

/** The body's bytes; a BodyError (413) beyond `max` bytes. */
export async function readLimitedBytes(request: Request, max: number, tooLarge: BodyMessages["tooLarge"]): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > max) throw new BodyError(413, tooLarge(declared));
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new BodyError(413, tooLarge());
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text (cleanText: without U+0000); a BodyError (413) beyond `max` bytes. */
export async function readLimitedText(request: Request, max: number, tooLarge: BodyMessages["tooLarge"]): Promise<string> {
  return cleanText((await readLimitedBytes(request, max, tooLarge)).toString("utf8"));
}

/** The body parsed as JSON; a BodyError (400 or 413) with the route's messages otherwise. */
export async function readLimitedJson(request: Request, max: number, messages: BodyMessages): Promise<unknown> {
  const text = await readLimitedText(request, max, messages.tooLarge);
  if (messages.empty && !text.trim()) throw new BodyError(400, messages.empty);
  return parseJsonText(text, messages);
}

/** The body as a JSON object; a BodyError (400) for any other JSON, and as readLimitedJson for the rest. */
export async function readJsonObject(request: Request, max: number, tooLarge = "The request body is too large."): Promise<Record<string, unknown>> {
  const body = await readLimitedJson(request, max, { tooLarge: () => tooLarge, invalidJson: () => "The request body is not valid JSON." });
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new BodyError(400, "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** The body as multipart form data; a BodyError (413) beyond `max` bytes, (400) `unreadable` when it is not a form. */
export async function readLimitedForm(request: Request, max: number, tooLarge: BodyMessages["tooLarge"], unreadable: string): Promise<FormData> {
  const bytes = await readLimitedBytes(request, max, tooLarge);
  try {
    return await new Response(new Uint8Array(bytes), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new BodyError(400, unreadable);
  }
}
