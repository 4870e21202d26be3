import { formatErrors, type TenantError } from "../domain/tenant-validation";
import { HttpError, type ErrorBody } from "./http/errors";

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
