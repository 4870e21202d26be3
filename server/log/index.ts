/**
 * The process's logger (pino) and the request being handled. Every layer of server/ may import this
 * folder (like server/errors/); it imports nothing of server/ but the composition root, which keeps
 * one logger and one request context per process however many copies of this module Next loads.
 *
 * - Production (`npm start`, serving/index.ts): every line on stdout is one JSON object —
 *   {"level":"info","time":"…","pid":…,"hostname":"…","requestId":"…","msg":"…", …fields}; the
 *   server's console.log/info/debug/warn/error calls go through it too (routeConsole, at start-up).
 * - `next dev` and the tests: console stays as it is; the logger writes JSON at LOG_LEVEL (default
 *   "info", and "silent" under vitest).
 * - A line written while a request is handled carries its id (serving/node-server.ts runs the handler
 *   in requestContext).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { pino, type DestinationStream, type Level, type Logger } from "pino";
import { defineService, services } from "../root/services";

export type { Logger } from "pino";

export interface RequestContext {
  /** The proxy's X-Request-Id when it looks like an id, else one made here (serving/request-log.ts). */
  requestId: string;
}

/** The request being handled, per async call chain (one store per process, for every module copy). */
export const requestContext = defineService("request-context", () => new AsyncLocalStorage<RequestContext>());

/** The id of the request being handled here, if any. */
export const currentRequestId = (): string | undefined => services().get(requestContext).getStore()?.requestId;

/** LOG_LEVEL when it names one of pino's levels, else "info" (and "silent" under vitest). */
function defaultLevel(): string {
  const named = process.env.LOG_LEVEL?.trim().toLowerCase();
  if (named && (named === "silent" || named in pino.levels.values)) return named;
  return process.env.VITEST ? "silent" : "info";
}

/** A JSON logger on `stream` (default stdout); each line carries the current request's id. */
export function createLogger(stream?: DestinationStream, level: string = defaultLevel()): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    stream,
  );
}

/** The process's logger (a test gives its own: `new Services().with(logger, createLogger(stream))`). */
export const logger = defineService("logger", () => createLogger());

/** The process's logger. */
export const log = (): Logger => services().get(logger);

const CONSOLE_LEVELS = { log: "info", info: "info", debug: "debug", warn: "warn", error: "error" } as const satisfies Record<string, Level>;
type ConsoleMethod = keyof typeof CONSOLE_LEVELS;

/**
 * Sends console.log/info/debug/warn/error to `target`, one JSON line per call: the arguments
 * formatted as console would (an Error as its name and message) in `msg`, the first Error's stack in
 * `err`. Answers a function that puts console back.
 */
export function routeConsole(target: () => Logger = log): () => void {
  const saved = Object.fromEntries(Object.keys(CONSOLE_LEVELS).map((m) => [m, console[m as ConsoleMethod]]));
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as ConsoleMethod] = (...args: unknown[]) => {
      const err = args.find((a): a is Error => a instanceof Error);
      const msg = format(...args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : a)));
      target()[level](err ? { err } : {}, msg);
    };
  }
  return () => Object.assign(console, saved);
}
