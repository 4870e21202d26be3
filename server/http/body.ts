/**
 * Request bodies with a size limit, for every API route that reads one. The declared length is
 * checked first; a body that streams past the limit is cut off there rather than read whole. Each
 * route keeps its own wording (the messages are part of its answers).
 */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export interface BodyMessages {
  /** With the declared length when the Content-Length header gave it away, else without. */
  tooLarge(declared?: number): string;
  /** For an empty body; when absent an empty body is simply not JSON. */
  empty?: string;
  invalidJson(detail: string): string;
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

/** The body as text; a BodyError (413) beyond `max` bytes. */
export async function readLimitedText(request: Request, max: number, tooLarge: BodyMessages["tooLarge"]): Promise<string> {
  return (await readLimitedBytes(request, max, tooLarge)).toString("utf8");
}

/** The body parsed as JSON; a BodyError (400 or 413) with the route's messages otherwise. */
export async function readLimitedJson(request: Request, max: number, messages: BodyMessages): Promise<unknown> {
  const text = await readLimitedText(request, max, messages.tooLarge);
  if (messages.empty && !text.trim()) throw new BodyError(400, messages.empty);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new BodyError(400, messages.invalidJson((e as Error).message));
  }
}
