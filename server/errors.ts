import { formatErrors, type TenantError } from "../domain/tenant-validation";

/** Something asked for does not exist (unknown tenant, version, host). */
export class NotFoundError extends Error {
  readonly status = 404;
}

/** The caller worked from an out-of-date copy (e.g. someone else saved the draft meanwhile). */
export class ConflictError extends Error {
  readonly status = 409;
  constructor(
    message: string,
    readonly current: { revision: number; updatedBy: string; updatedAt: Date },
  ) {
    super(message);
  }
}

/** A document failed validation; `errors` says where and why. */
export class ValidationError extends Error {
  readonly status = 422;
  constructor(
    message: string,
    readonly errors: TenantError[],
  ) {
    super(`${message}\n${formatErrors(errors)}`);
  }
}

/** The signed-in person may not do this (a dealer opening another dealer's site, say). */
export class ForbiddenError extends Error {
  readonly status = 403;
}
