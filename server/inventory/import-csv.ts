/** CSV feeds: a header of vehicle field names (dotted for nested ones); cells become typed values by the vehicle schema's type at the column's path. */
import { createRequire } from "node:module";
import { CsvError, parseCsv } from "./csv";
import type { FeedProblem, FeedRow, ParsedFeed } from "./import";

type Schema = { type?: string | string[]; $ref?: string; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: boolean | Schema };
const vehicleSchema: Schema & { definitions: Record<string, Schema> } = createRequire(import.meta.url)("../../schemas/vehicle.schema.json");

function resolve(node: Schema | undefined): Schema | undefined {
  let n = node;
  while (n?.$ref) n = vehicleSchema.definitions[n.$ref.replace("#/definitions/", "")];
  return n;
}

function schemaAt(path: string[]): Schema | undefined {
  let node: Schema | undefined = vehicleSchema;
  for (const key of path) {
    node = resolve(node);
    const next: Schema | boolean | undefined = node?.properties?.[key] ?? (typeof node?.additionalProperties === "object" ? node.additionalProperties : undefined);
    if (!next || typeof next !== "object") return undefined;
    node = next;
  }
  return resolve(node);
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type[0] : s.type);

class CellError extends Error {}

function cellValue(column: string, schema: Schema, raw: string): unknown {
  const cell = raw.trim();
  switch (typeOf(schema)) {
    case "integer":
    case "number": {
      const n = Number(cell.replace(/[$,\s]/g, ""));
      return Number.isFinite(n) && cell !== "" ? n : cell;
    }
    case "boolean": {
      const b = cell.toLowerCase();
      if (["true", "yes", "y", "1"].includes(b)) return true;
      if (["false", "no", "n", "0"].includes(b)) return false;
      return cell;
    }
    case "array":
      if (cell.startsWith("[")) return json(cell);
      {
        const items = cell.split("|").map((x) => x.trim()).filter(Boolean);
        // Pictures as "url|url|…" are exterior pictures in gallery order.
        return column === "images" ? items.map((url) => ({ url, thumb_url: url, kind: "exterior" })) : items;
      }
    case "object":
      return cell.startsWith("{") ? json(cell) : cell;
    default:
      return raw;
  }
}

function json(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch (e) {
    throw new CellError(`is not valid JSON (${(e as Error).message})`);
  }
}

export function parseCsvFeed(text: string): ParsedFeed {
  let records;
  try {
    records = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvError) return { rows: [], problems: [], fatal: { line: e.line, pointer: "", message: e.message.replace(/^line \d+: /, "") } };
    throw e;
  }
  if (!records.length) return { rows: [], problems: [], fatal: { line: 1, pointer: "", message: "the file is empty; it needs a header row of vehicle field names" } };
  const [header, ...body] = records;
  const columns = header.fields.map((name) => name.trim());
  const unknown = columns.map((name, i) => ({ name, i, schema: name ? schemaAt(name.split(".")) : undefined })).filter((c) => !c.schema);
  if (unknown.length) {
    const c = unknown[0];
    const what = c.name ? `column "${c.name}" is not a vehicle field` : `column ${c.i + 1} has no name`;
    return { rows: [], problems: [], fatal: { line: header.line, pointer: c.name ? `/${c.name.split(".").join("/")}` : "", message: `${what}${unknown.length > 1 ? ` (nor ${unknown.slice(1).map((u) => JSON.stringify(u.name)).join(", ")})` : ""}` } };
  }
  const seen = new Set<string>();
  for (const name of columns) {
    if (seen.has(name)) return { rows: [], problems: [], fatal: { line: header.line, pointer: `/${name.split(".").join("/")}`, message: `column "${name}" appears twice` } };
    seen.add(name);
  }
  const rows: FeedRow[] = [];
  const problems: FeedProblem[] = [];
  for (const record of body) {
    if (record.fields.length !== columns.length) {
      problems.push({ line: record.line, pointer: "", message: `has ${record.fields.length} fields; the header has ${columns.length}` });
      continue;
    }
    const value: Record<string, unknown> = {};
    let bad = false;
    columns.forEach((name, i) => {
      if (bad || record.fields[i].trim() === "") return;
      const path = name.split(".");
      try {
        const v = cellValue(name, schemaAt(path)!, record.fields[i]);
        let node = value;
        for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
        node[path[path.length - 1]] = v;
      } catch (e) {
        if (!(e instanceof CellError)) throw e;
        problems.push({ line: record.line, pointer: `/${path.join("/")}`, message: e.message });
        bad = true;
      }
    });
    if (!bad) rows.push({ line: record.line, value });
  }
  return { rows, problems };
}
