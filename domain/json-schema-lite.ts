/**
 * A small JSON Schema interpreter for exactly the subset the lead forms' schemas use
 * (domain/lead-form-schema.ts `leadFormSchema`): type, required, properties, enum, const, minLength,
 * maxLength, pattern, format "email", minimum and maximum (plus the annotations title, description,
 * $comment, examples and default, which check nothing). It walks the schema instead of compiling it
 * to a function, so the dealer sites need no 'unsafe-eval' in their Content-Security-Policy.
 *
 * It answers as ajv 8 does with { allErrors: true, strict: false } and ajv-formats' "email": the same
 * errors (keyword, instancePath, params) in the same order, as the differential test beside this
 * file (json-schema-lite.test.ts) proves. That means ajv's rules: a keyword applies only to data of its type
 * (lengths, pattern and format to strings; minimum and maximum to numbers; required and properties
 * to objects); "integer" is a number with no fraction (Infinity included, as ajv without
 * strictNumbers); lengths count code points; patterns are unicode (/u) regular expressions; a
 * property whose value is undefined is absent.
 *
 * A schema with any other keyword, another format, or a keyword's value of an unexpected shape is
 * refused with an Error when the validator is made, so a future change of the schema cannot
 * silently skip a rule.
 */

export type JsonSchema = Record<string, unknown>;

/** What a validator reports: the parts of ajv's ErrorObject the forms use. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

type Primitive = string | number | boolean | null;
type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
const TYPES = new Set<string>(["string", "number", "integer", "boolean", "object", "array", "null"]);
const ANNOTATIONS = new Set(["title", "description", "$comment", "examples", "default"]);

/**
 * ajv-formats' "email" format (full mode, ajv-formats 3, dist/formats.js `fullFormats.email`),
 * copied verbatim: MIT licence, © 2020 Evgeny Poberezkin. A test checks it is still theirs.
 */
export const EMAIL_FORMAT = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const FORMATS: Record<string, RegExp> = { email: EMAIL_FORMAT };

/** A checked schema: everything the validator needs, resolved once. */
interface Checked {
  type?: JsonType;
  /** The type is checked before every other keyword (ajv: no keyword of the type's own group). */
  typeFirst: boolean;
  constValue?: { value: Primitive };
  enumValues?: Primitive[];
  maximum?: number;
  minimum?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: { source: string; re: RegExp };
  format?: { name: string; re: RegExp };
  required?: string[];
  properties?: [string, Checked][];
}

const isPrimitive = (v: unknown): v is Primitive => v === null || ["string", "number", "boolean"].includes(typeof v);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const isLimit = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

function refuse(path: string, what: string): never {
  throw new Error(`json-schema-lite: ${what} at ${path || "the root"}`);
}

function checkNode(schema: unknown, path: string): Checked {
  if (!isObject(schema)) refuse(path, "a schema that is not an object");
  const node: Checked = { typeFirst: false };
  for (const [keyword, value] of Object.entries(schema)) {
    const at = `${path}/${keyword}`;
    switch (keyword) {
      case "type":
        if (typeof value !== "string" || !TYPES.has(value)) refuse(at, `an unsupported type ${JSON.stringify(value)}`);
        node.type = value as JsonType;
        break;
      case "const":
        if (!isPrimitive(value)) refuse(at, "a const that is not a string, number, boolean or null");
        node.constValue = { value };
        break;
      case "enum":
        if (!Array.isArray(value) || !value.every(isPrimitive)) refuse(at, "an enum that is not a list of strings, numbers, booleans or null");
        node.enumValues = [...value];
        break;
      case "minimum":
      case "maximum":
        if (typeof value !== "number" || !Number.isFinite(value)) refuse(at, `a ${keyword} that is not a number`);
        node[keyword] = value;
        break;
      case "minLength":
      case "maxLength":
        if (!isLimit(value)) refuse(at, `a ${keyword} that is not a whole number`);
        node[keyword] = value;
        break;
      case "pattern":
        if (typeof value !== "string") refuse(at, "a pattern that is not a string");
        node.pattern = { source: value, re: new RegExp(value, "u") };
        break;
      case "format":
        if (typeof value !== "string" || !Object.hasOwn(FORMATS, value)) refuse(at, `an unknown format ${JSON.stringify(value)}`);
        node.format = { name: value, re: FORMATS[value] };
        break;
      case "required":
        if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) refuse(at, "a required that is not a list of names");
        node.required = [...value];
        break;
      case "properties":
        if (!isObject(value)) refuse(at, "properties that are not an object");
        node.properties = Object.entries(value)
          .map(([name, sub]) => [name, checkNode(sub, `${at}/${name}`)] as [string, Checked])
          // An empty schema allows anything: ajv does not even look (and neither do we).
          .filter(([name]) => Object.keys(value[name] as object).length > 0);
        break;
      default:
        if (!ANNOTATIONS.has(keyword)) refuse(at, `an unknown keyword "${keyword}"`);
    }
  }
  // ajv checks a type inside the group of its keywords when the schema has some ("string" with a
  // length, "object" with properties …), after the keywords of any type (const, enum); otherwise first.
  const own =
    node.type === "string" ? [node.maxLength, node.minLength, node.pattern, node.format] :
    node.type === "number" ? [node.maximum, node.minimum] :
    node.type === "object" ? [node.required, node.properties] : [];
  node.typeFirst = node.type !== undefined && !own.some((k) => k !== undefined);
  return node;
}

function hasType(type: JsonType, data: unknown): boolean {
  switch (type) {
    case "null":
      return data === null;
    case "array":
      return Array.isArray(data);
    case "object":
      return isObject(data);
    case "integer":
      return typeof data === "number" && !(data % 1) && !Number.isNaN(data);
    default:
      return typeof data === type;
  }
}

/** Code points, as ajv counts a string's length (a lone surrogate counts as one). */
const lengthOf = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};
const pointer = (name: string) => `/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;

function run(node: Checked, data: unknown, path: string, errors: SchemaError[]): void {
  const fail = (keyword: string, params: Record<string, unknown>) => errors.push({ keyword, instancePath: path, params });
  const typeError = () => fail("type", { type: node.type });
  if (node.typeFirst && !hasType(node.type!, data)) typeError();
  // Keywords of any type.
  if (node.constValue && node.constValue.value !== data) fail("const", { allowedValue: node.constValue.value });
  if (node.enumValues && !node.enumValues.some((v) => v === data)) fail("enum", { allowedValues: node.enumValues });
  // Numbers.
  if (typeof data === "number") {
    if (node.maximum !== undefined && (data > node.maximum || Number.isNaN(data))) fail("maximum", { comparison: "<=", limit: node.maximum });
    if (node.minimum !== undefined && (data < node.minimum || Number.isNaN(data))) fail("minimum", { comparison: ">=", limit: node.minimum });
  } else if (node.type === "number" && !node.typeFirst) typeError();
  // Strings.
  if (typeof data === "string") {
    if (node.maxLength !== undefined && lengthOf(data) > node.maxLength) fail("maxLength", { limit: node.maxLength });
    if (node.minLength !== undefined && lengthOf(data) < node.minLength) fail("minLength", { limit: node.minLength });
    if (node.pattern && !node.pattern.re.test(data)) fail("pattern", { pattern: node.pattern.source });
    if (node.format && !node.format.re.test(data)) fail("format", { format: node.format.name });
  } else if (node.type === "string" && !node.typeFirst) typeError();
  // Objects.
  if (isObject(data)) {
    for (const name of node.required ?? []) if (data[name] === undefined) fail("required", { missingProperty: name });
    for (const [name, sub] of node.properties ?? []) if (data[name] !== undefined) run(sub, data[name], path + pointer(name), errors);
  } else if (node.type === "object" && !node.typeFirst) typeError();
}

/**
 * A validator for `schema`: every problem of a value, in ajv's order (none: it passes). Throws when
 * the schema uses anything outside the subset.
 */
export function schemaValidator(schema: JsonSchema): (data: unknown) => SchemaError[] {
  const root = checkNode(schema, "");
  return (data) => {
    const errors: SchemaError[] = [];
    run(root, data, "", errors);
    return errors;
  };
}
