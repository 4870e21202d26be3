/**
 * The HTTP boundary's errors: anything a route may throw for a caller's mistake extends HttpError
 * and carries its status; errorResponse turns it into the answer, each route keeping its own body
 * shape. Anything else is a fault of ours: logged, and a 500 that says nothing about it.
 */
import { json } from "./json";

const BRAND = Symbol.for("forecourt.HttpError");

/** What an error's answer says: the message, and any fields a caller can act on. */
export type ErrorBody = { message: string } & Record<string, unknown>;

export class HttpError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  /** The answer's fields; subclasses add theirs (ValidationError's errors, ConflictError's current). */
  body(): ErrorBody {
    return { message: this.message };
  }

  /** The answer's headers (LimitedError's Retry-After); none by default. */
  headers(): Record<string, string> {
    return {};
  }

  /**
   * `instanceof HttpError` by brand: Next bundles a module into more than one chunk, and the search
   * index (one per process, server/root/services.ts) may throw an error built from another chunk's
   * copy of this class.
   * Subclasses are checked as usual.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== HttpError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}

/** The request itself is wrong (a missing field, a body that is not a JSON object …). */
export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export const SOMETHING_WENT_WRONG = "Something went wrong; please try again.";

export interface ErrorAnswer {
  /** The body for an error's fields and status; default: the fields as they are ({ message, … }). */
  body?: (fields: ErrorBody, status: number) => unknown;
  /** What a 500 says; default SOMETHING_WENT_WRONG. */
  unexpected?: string;
  /** The log line's prefix for a 500, e.g. "[leads] a lead could not be stored:". */
  log?: string;
}

/** `{ error: message, ...fields }`, the body shape of the leads, feed, delivery and events endpoints. */
export const underError = ({ message, ...fields }: ErrorBody) => ({ error: message, ...fields });

/** A thrown error as an answer: an HttpError's status and body, anything else logged and a generic 500. */
export function errorResponse(error: unknown, answer: ErrorAnswer = {}): Response {
  const body = answer.body ?? ((fields: ErrorBody) => fields);
  if (error instanceof HttpError) return json(error.status, body(error.body(), error.status), typeof error.headers === "function" ? error.headers() : {});
  console.error(answer.log ?? "[http] request failed:", error);
  return json(500, body({ message: answer.unexpected ?? SOMETHING_WENT_WRONG }, 500));
}
