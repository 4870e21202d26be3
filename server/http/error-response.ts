/**
 * The HTTP boundary's answer to a thrown error: errorResponse turns an HttpError (server/errors/)
 * into its status and body, each route keeping its own body shape. Anything else is a fault of
 * ours: logged, and a 500 that says nothing about it.
 */
import { HttpError, type ErrorBody } from "../errors";
import { json } from "./json";

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
