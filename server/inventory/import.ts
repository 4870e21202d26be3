import { createRequire } from "node:module";
import type { Db } from "../db";
import { CsvError, parseCsv } from "./csv";
import { upsertVehicles } from "./store";

/**
 * Feed files: CSV (a header of vehicle field names, dotted for nested ones such as
 * variant.cylinders or autograb_data.average_market_price), a JSON array of vehicles, or JSON
 * lines. Each row is validated on its own; the good ones are written in one transaction.
 */
export interface FeedRow {
  /** 1-based line where the row starts. */
  line: number;
  value: unknown;
}

export interface FeedProblem {
  line: number;
  pointer: string;
  message: string;
}

export interface ParsedFeed {
  rows: FeedRow[];
  /** Rows that could not be read (they are not in `rows`). */
  problems: FeedProblem[];
  /** Set when the file as a whole cannot be read; nothing in it is imported. */
  fatal?: FeedProblem;
}

export type FeedFormat = "csv" | "json" | "jsonl";

export function feedFormat(path: string): FeedFormat | null {
  const ext = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase();
  return ext === "csv" ? "csv" : ext === "json" ? "json" : ext === "jsonl" || ext === "ndjson" ? "jsonl" : null;
}

export function parseFeed(text: string, format: FeedFormat): ParsedFeed {
  switch (format) {
    case "csv":
      return parseCsvFeed(text);
    case "json":
      return parseJsonFeed(text);
    case "jsonl":
      return parseJsonLines(text);
  }
}

// ---------------------------------------------------------------------------------------------
// CSV: cells become typed values by the schema's type at the column's path.

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

function parseCsvFeed(text: string): ParsedFeed {
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

// ---------------------------------------------------------------------------------------------
// JSON: an array of vehicles; each element's line is where it starts in the file.

const lineAt = (text: string, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

function parseJsonFeed(text: string): ParsedFeed {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { rows: [], problems: [], fatal: { line: lineAt(text, jsonErrorOffset(text)), pointer: "", message: `not valid JSON: ${(e as Error).message}` } };
  }
  if (!Array.isArray(data)) return { rows: [], problems: [], fatal: { line: 1, pointer: "", message: "a JSON feed must be an array of vehicles" } };
  const starts = elementStarts(text);
  return { rows: data.map((value, i) => ({ line: lineAt(text, starts[i] ?? 0), value })), problems: [] };
}

/** Where JSON text first goes wrong (JSON.parse does not say in every Node version). */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  class Stop extends Error {}
  const fail = (): never => {
    throw new Stop();
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const literal = (word: string) => {
    for (const ch of word)
      if (text[i++] !== ch) {
        i--;
        fail();
      }
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "x")) fail();
      }
      i++;
    }
    if (text[i] !== '"') fail();
    i++;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ":") fail();
        i++;
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return void i++;
        else fail();
      }
    }
    if (ch === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return void i++;
        else fail();
      }
    }
    if (ch === '"') return string();
    if (ch === "t") return literal("true");
    if (ch === "f") return literal("false");
    if (ch === "n") return literal("null");
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m![0].length;
  };
  try {
    value();
    ws();
    return i < text.length ? i : text.length;
  } catch (e) {
    if (e instanceof Stop) return Math.min(i, text.length);
    throw e;
  }
}

/** Offsets where the elements of the top-level array start (the text is valid JSON). */
function elementStarts(text: string): number[] {
  const starts: number[] = [];
  let depth = 0;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      if (depth === 1 && expecting) {
        starts.push(i);
        expecting = false;
      }
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      continue;
    }
    if (/\s/.test(ch)) continue;
    if (depth === 1 && expecting && ch !== "]") {
      starts.push(i);
      expecting = false;
    }
    if (ch === "[" || ch === "{") {
      depth++;
      if (depth === 1) expecting = true;
    } else if (ch === "]" || ch === "}") depth--;
    else if (ch === "," && depth === 1) expecting = true;
  }
  return starts;
}

function parseJsonLines(text: string): ParsedFeed {
  const rows: FeedRow[] = [];
  const problems: FeedProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    try {
      rows.push({ line: i + 1, value: JSON.parse(raw) });
    } catch (e) {
      problems.push({ line: i + 1, pointer: "", message: `not valid JSON: ${(e as Error).message}` });
    }
  });
  return { rows, problems };
}

// ---------------------------------------------------------------------------------------------

export interface ImportResult {
  imported: number;
  created: number;
  updated: number;
  failed: FeedProblem[];
  /** Rows with at least one problem. */
  failedRows: number;
  rows: number;
}

/**
 * Imports a parsed feed: every readable row is validated; the good ones are written in one
 * transaction (all or none); each problem is returned with its line. `dealershipId` fills in rows
 * without a dealership_id and refuses rows naming another.
 */
export async function importFeed(db: Db, feed: ParsedFeed, opts: { dealershipId?: number; now?: Date } = {}): Promise<ImportResult> {
  if (feed.fatal) return { imported: 0, created: 0, updated: 0, failed: [feed.fatal], failedRows: 0, rows: 0 };
  const result = await upsertVehicles(
    db,
    feed.rows.map((r) => r.value),
    { labels: feed.rows.map((r) => `line ${r.line}`), dealershipId: opts.dealershipId, now: opts.now },
  );
  const failed = [
    ...feed.problems,
    ...result.rejected.flatMap(({ index, errors }) => errors.map((e) => ({ line: feed.rows[index].line, pointer: e.pointer, message: e.message }))),
  ].sort((a, b) => a.line - b.line);
  return {
    imported: result.written.length,
    created: result.created.length,
    updated: result.written.length - result.created.length,
    failed,
    failedRows: new Set(failed.map((f) => f.line)).size,
    rows: feed.rows.length + new Set(feed.problems.map((p) => p.line)).size,
  };
}

/** `line N: /pointer message` */
export const formatProblem = (p: FeedProblem) => `line ${p.line}: ${p.pointer ? `${p.pointer} ` : ""}${p.message}`;
