/** JSON feeds: an array of vehicles (each element's line is where it starts in the file), or JSON lines. */
import type { FeedProblem, FeedRow, ParsedFeed } from "./import";

const lineAt = (text: string, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

export function parseJsonFeed(text: string): ParsedFeed {
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

export function parseJsonLines(text: string): ParsedFeed {
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
