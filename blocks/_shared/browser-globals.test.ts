import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Render code keeps no state on globalThis (issue 31): in the browser it uses `window`, module state
// or React context; the one process global the server-rendered search client reads is named and
// read in domain/search-host.ts. Tests may stub globals (vi.stubGlobal).

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

/** The lines of a source that name globalThis (comments included: a mention is a question to answer). */
export const globalThisLines = (text: string) =>
  text
    .split("\n")
    .map((line, i) => ({ line: i + 1, text: line }))
    .filter((l) => /\bglobalThis\b/.test(l.text));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(path);
    return SOURCE.test(e.name) && !TEST.test(e.name) ? [path] : [];
  });
}

describe("no globalThis in renderer/ and blocks/", () => {
  it("finds one in a file that has it", () => {
    expect(globalThisLines('const a = 1;\n(globalThis as any).x = 2;\n')).toEqual([{ line: 2, text: "(globalThis as any).x = 2;" }]);
    expect(globalThisLines("const w = window.crypto;\n")).toEqual([]);
  });

  it("none in their sources", () => {
    const found = ["renderer", "blocks"].flatMap(sources).flatMap((file) => globalThisLines(readFileSync(file, "utf8")).map((l) => `${file}:${l.line}: ${l.text.trim()}`));
    expect(found).toEqual([]);
  });
});
