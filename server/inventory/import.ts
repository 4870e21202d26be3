import type { Db } from "../db";
import { parseCsvFeed } from "./import-csv";
import { parseJsonFeed, parseJsonLines } from "./import-json";
import { upsertVehicles } from "./store";

/**
 * Feed files: CSV (a header of vehicle field names, dotted for nested ones such as
 * variant.cylinders or autograb_data.average_market_price), a JSON array of vehicles, or JSON
 * lines. Each row is validated on its own; the good ones are written in one transaction. Reading
 * the files: ./import-csv.ts and ./import-json.ts.
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
