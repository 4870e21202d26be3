/**
 * The server's errors, importable by every layer: anything thrown for a caller's mistake extends
 * HttpError and carries its status; the HTTP layer turns it into the answer
 * (server/http/error-response.ts). Services throw these and never build a Response.
 */
import { formatErrors, type TenantError } from "../../domain/tenant-validation";

const BRAND = Symbol.for("forecourt.HttpError");

/** What an error's answer says: the message, and any fields a caller can act on. */
export type ErrorBody = { message: string } & Record<string, unknown>;

/** What a refusal carries besides its message: fields a caller can act on, and headers of the answer. */
export interface HttpErrorExtras {
  /** More of the body, after the message (e.g. sign-in's { reason, attemptsLeft }); the family's error body shapes them. */
  fields?: Record<string, unknown>;
  /** Headers of the answer (e.g. WWW-Authenticate, Retry-After). */
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly status: number,
    message: string,
    private readonly extras: HttpErrorExtras = {},
  ) {
    super(message);
  }

  /** The answer's fields: the message and the extras' fields; subclasses add theirs (ValidationError's errors, ConflictError's current). */
  body(): ErrorBody {
    return { message: this.message, ...this.extras.fields };
  }

  /** The answer's headers (the extras', LimitedError's Retry-After); none by default. */
  headers(): Record<string, string> {
    return { ...this.extras.headers };
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


/** Something asked for does not exist (unknown tenant, version, host). */
export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

/** The caller worked from an out-of-date copy (e.g. someone else saved the draft meanwhile). */
export class ConflictError extends HttpError {
  constructor(
    message: string,
    readonly current: { revision: number; updatedBy: string; updatedAt: Date },
  ) {
    super(409, message);
  }

  override body(): ErrorBody {
    return { message: this.message, current: this.current };
  }
}

/** A document failed validation; `errors` says where and why (the message lists them too, for logs and the CLIs). */
export class ValidationError extends HttpError {
  constructor(
    message: string,
    readonly errors: TenantError[],
  ) {
    super(422, `${message}\n${formatErrors(errors)}`);
  }

  /** The answer says the first line; `errors` carries the list. */
  override body(): ErrorBody {
    return { message: this.message.split("\n")[0], errors: this.errors };
  }
}

/** The signed-in person may not do this (a dealer opening another dealer's site, say). */
export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}
