import type { ErrorObject } from "ajv";

/** One problem in a JSON document: where (a JSON pointer) and what, in words a person can act on. */
export interface SchemaError {
  pointer: string;
  message: string;
}

/** The value at a JSON pointer in `doc`. */
export function valueAt(doc: unknown, pointer: string): unknown {
  let node: any = doc;
  for (const part of pointer.split("/").slice(1)) {
    if (node == null) return undefined;
    node = node[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node;
}

/**
 * Turns ajv's errors into readable, de-duplicated ones. `special` answers first for the keywords a
 * document type words its own way; the common keywords are worded here once.
 */
export function describeSchemaErrors(
  raw: ErrorObject[],
  doc: unknown,
  special: (e: ErrorObject) => SchemaError | undefined = () => undefined,
): SchemaError[] {
  const out: SchemaError[] = [];
  const seen = new Set<string>();
  for (const e of raw) {
    const err = special(e) ?? describe(e, doc);
    const key = `${err.pointer} ${err.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(err);
    }
  }
  return out;
}

function describe(e: ErrorObject, doc: unknown): SchemaError {
  const pointer = e.instancePath;
  switch (e.keyword) {
    case "required":
      return { pointer: `${pointer}/${e.params.missingProperty}`, message: "is required" };
    case "additionalProperties":
      return { pointer: `${pointer}/${e.params.additionalProperty}`, message: "is not an allowed property here" };
    case "enum":
      return { pointer, message: `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}` };
    case "const":
      return { pointer, message: `must be ${JSON.stringify(e.params.allowedValue)}` };
    case "pattern": {
      const description = e.parentSchema?.description;
      return { pointer, message: `${JSON.stringify(valueAt(doc, pointer))} is not in the expected form${description ? ` (${description})` : ""}` };
    }
    case "format":
      return { pointer, message: `must be a valid ${e.params.format}` };
    default:
      return { pointer, message: e.message ?? e.keyword };
  }
}
