import { afterEach, describe, expect, it, vi } from "vitest";
import { BadRequest, ConflictError, ForbiddenError, HttpError, NotFoundError, ValidationError } from "../errors";
import { IdempotencyConflictError } from "../leads/store";
import { VehicleConflictError } from "../inventory/store";
import { SearchRequestError } from "../search/engine/types";
import { BodyError, readJsonObject } from "./body";
import { errorResponse, SOMETHING_WENT_WRONG, underError } from "./error-response";
import { json } from "./json";

const answer = async (res: Response) => ({ status: res.status, type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), body: await res.json() });

afterEach(() => vi.restoreAllMocks());

describe("json", () => {
  it("answers UTF-8 JSON that no cache keeps", async () => {
    expect(await answer(json(201, { name: "Kōwhai", n: 1 }))).toEqual({ status: 201, type: "application/json; charset=utf-8", cache: "no-store", body: { name: "Kōwhai", n: 1 } });
  });

  it("keeps the caller's headers, and its cache-control instead of no-store", async () => {
    const res = json(200, [1], { "cache-control": "public, max-age=300", "retry-after": "5" });
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("retry-after")).toBe("5");
  });

});

describe("errorResponse", () => {
  it("answers an HttpError with its status and message", async () => {
    expect(await answer(errorResponse(new HttpError(415, "Not a picture.")))).toMatchObject({ status: 415, cache: "no-store", body: { message: "Not a picture." } });
    expect(await answer(errorResponse(new BadRequest("car_id is missing.")))).toMatchObject({ status: 400, body: { message: "car_id is missing." } });
  });

  it("answers an HttpError's extra fields and headers in the family's body shape", async () => {
    const refused = new HttpError(401, "The key is not valid.", { fields: { reason: "revoked" }, headers: { "www-authenticate": 'Bearer realm="x"' } });
    const res = errorResponse(refused, { body: underError });
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="x"');
    expect(await answer(res)).toEqual({ status: 401, type: "application/json; charset=utf-8", cache: "no-store", body: { error: "The key is not valid.", reason: "revoked" } });
    expect(await answer(errorResponse(refused))).toMatchObject({ body: { message: "The key is not valid.", reason: "revoked" } });
  });

  it("gives every boundary error its status", async () => {
    const errors: [HttpError, number][] = [
      [new BadRequest("b"), 400],
      [new BodyError(413, "big"), 413],
      [new ForbiddenError("f"), 403],
      [new NotFoundError("n"), 404],
      [new ConflictError("c", { revision: 1, updatedBy: "a@b.c", updatedAt: new Date(0) }), 409],
      [new IdempotencyConflictError("i"), 409],
      [new VehicleConflictError("v"), 409],
      [new ValidationError("v", []), 422],
      [new SearchRequestError("s"), 400],
    ];
    for (const [error, status] of errors) {
      expect(error).toBeInstanceOf(HttpError);
      expect(errorResponse(error).status, error.constructor.name).toBe(status);
    }
  });

  it("carries a ValidationError's errors (its first line as the message) and a ConflictError's current draft", async () => {
    const invalid = new ValidationError("The draft was not saved:", [{ pointer: "/identity/name", message: "is required" }]);
    expect(invalid.message).toBe("The draft was not saved:\n/identity/name: is required");
    expect((await answer(errorResponse(invalid))).body).toEqual({ message: "The draft was not saved:", errors: [{ pointer: "/identity/name", message: "is required" }] });
    const current = { revision: 3, updatedBy: "staff@forecourt.test", updatedAt: new Date("2026-01-02T03:04:05Z") };
    expect((await answer(errorResponse(new ConflictError("Someone else saved.", current)))).body).toEqual({
      message: "Someone else saved.",
      current: { ...current, updatedAt: "2026-01-02T03:04:05.000Z" },
    });
  });

  it("shapes the body with the route's callback", async () => {
    const invalid = new ValidationError("The vehicle was not saved:", [{ pointer: "/price", message: "must be a number" }]);
    expect((await answer(errorResponse(invalid, { body: underError }))).body).toEqual({ error: "The vehicle was not saved:", errors: [{ pointer: "/price", message: "must be a number" }] });
    const watchlist = errorResponse(new BadRequest("car_id is missing."), { body: ({ message }) => ({ success: false, message }) });
    expect((await answer(watchlist)).body).toEqual({ success: false, message: "car_id is missing." });
    const algolia = errorResponse(new SearchRequestError("bad filter"), { body: ({ message }, status) => ({ message, status }) });
    expect((await answer(algolia)).body).toEqual({ message: "bad filter", status: 400 });
  });

  it("answers anything else with a logged 500 that does not repeat the error's message", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const fault = new Error("connection to 10.0.0.5:5432 refused; password=hunter2");
    const res = await answer(errorResponse(fault, { log: "[test] failed:" }));
    expect(res).toEqual({ status: 500, type: "application/json; charset=utf-8", cache: "no-store", body: { message: SOMETHING_WENT_WRONG } });
    expect(JSON.stringify(res.body)).not.toContain("hunter2");
    expect(logged).toHaveBeenCalledWith("[test] failed:", fault);
    // An object with a status is not an HttpError: a thrown fetch answer or a driver error stays a 500.
    expect(errorResponse(Object.assign(new Error("x"), { status: 404 })).status).toBe(500);
    expect(errorResponse("a string").status).toBe(500);
    expect((await answer(errorResponse(null, { body: underError, unexpected: "The event could not be stored." }))).body).toEqual({ error: "The event could not be stored." });
  });

  it("recognises an HttpError built by another bundled copy of the class (Next splits modules into chunks)", async () => {
    // What another chunk's copy of server/errors/index.ts would build: the same brand, another class.
    const brand = Symbol.for("forecourt.HttpError");
    class OtherCopy extends Error {
      readonly [brand] = true;
      readonly status = 400;
      body() {
        return { message: this.message };
      }
    }
    expect(new OtherCopy("x")).toBeInstanceOf(HttpError);
    expect(await answer(errorResponse(new OtherCopy("bad filter")))).toMatchObject({ status: 400, body: { message: "bad filter" } });
    // Subclasses are still told apart as usual.
    expect(new BadRequest("x")).not.toBeInstanceOf(NotFoundError);
    expect(new NotFoundError("x")).toBeInstanceOf(NotFoundError);
  });
});

describe("readJsonObject", () => {
  const post = (body: string) => new Request("http://x/", { method: "POST", body });
  it("reads a JSON object and refuses other JSON, bad JSON and a body over the limit, each with its status", async () => {
    expect(await readJsonObject(post('{"a":1}'), 100)).toEqual({ a: 1 });
    const refusal = (p: Promise<unknown>) => p.then(() => null, (e: BodyError) => [e.status, e.message]);
    expect(await refusal(readJsonObject(post("[1]"), 100))).toEqual([400, "The request body must be a JSON object."]);
    expect(await refusal(readJsonObject(post("null"), 100))).toEqual([400, "The request body must be a JSON object."]);
    expect(await refusal(readJsonObject(post("{"), 100))).toEqual([400, "The request body is not valid JSON."]);
    expect(await refusal(readJsonObject(post(`{"a":"${"x".repeat(200)}"}`), 100, "At most 100 bytes."))).toEqual([413, "At most 100 bytes."]);
  });
});
