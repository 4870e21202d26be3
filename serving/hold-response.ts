import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

const toBuffer = (chunk: unknown, encoding?: unknown) =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding) : Buffer.from(chunk as Uint8Array);

/**
 * Holds back what Next writes to `res` until the answer is whole: writeHead, write and
 * flushHeaders are kept, and at end `done` gets the whole body, with the held status and headers
 * set on `res` and its own methods back, to send it (or something else) itself.
 * For the vehicle-page cache (page-cache.ts), the late scripts (late-scripts.ts) and the preview's links (preview-links.ts).
 */
export function holdResponse(res: ServerResponse, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const real = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  let heldHead: unknown[] | null = null;
  res.writeHead = ((...args: unknown[]) => {
    heldHead = args;
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    const callback = typeof encoding === "function" ? encoding : cb;
    if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
    return true;
  }) as typeof res.write;
  // Headers wait for the whole answer, so an early flush is a no-op.
  res.flushHeaders = () => {};
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    Object.assign(res, real);
    if (typeof chunk === "function") [chunk, cb] = [undefined, chunk];
    else if (typeof encoding === "function") [encoding, cb] = [undefined, encoding];
    if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    if (heldHead) {
      const [status, ...rest] = heldHead as [number, ...unknown[]];
      res.statusCode = status;
      const headers = rest.find((a) => a && typeof a === "object") as OutgoingHttpHeaders | undefined;
      if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v as never);
    }
    done(Buffer.concat(chunks));
    if (typeof cb === "function") (cb as () => void)();
    return res;
  }) as typeof res.end;
}
