/**
 * No source file is over 300 lines unless it is generated or the README's "Source files over 300
 * lines" list names it with its reason. A long file is split by what its parts do; the list is for
 * the few that read better whole (a table of data, one state machine). An entry whose file is no
 * longer over the limit fails too, so the list stays true.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const LIMIT = 300;
const SECTION = "### Source files over 300 lines";

/** TypeScript sources outside tests, generated files, dependencies and build output. */
function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith(".") && entry.name !== "node_modules" && path !== "tests") walk(path);
      } else if (/\.tsx?$/.test(entry.name)) out.push(path);
    }
  };
  walk("");
  return out.filter((f) => !/generated/.test(f) && !/\.test\.tsx?$/.test(f)).sort();
}

/** The README list's entries: "- `path`: reason" lines under the section heading. */
function allowedLongFiles(readme: string): Map<string, string> {
  const start = readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) return new Map();
  const rest = readme.slice(start + SECTION.length + 2);
  const section = rest.slice(0, rest.search(/\n#/) < 0 ? undefined : rest.search(/\n#/));
  return new Map([...section.matchAll(/^- `([^`]+)`:?[ \t]*(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** What is wrong: files over the limit the list does not name (or names without a reason), and entries not over it. */
function longFileProblems(lines: Map<string, number>, allowed: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, n] of lines) {
    if (n <= LIMIT) continue;
    if (!allowed.has(file)) problems.push(`${file} has ${n} lines: split it by responsibility, or name it with its reason in the README's "${SECTION.slice(4)}"`);
    else if (!allowed.get(file)) problems.push(`${file}: the README names it without a reason`);
  }
  for (const file of allowed.keys()) {
    if ((lines.get(file) ?? 0) <= LIMIT) problems.push(`${file} is in the README's list but is not over ${LIMIT} lines (or does not exist): take it off`);
  }
  return problems;
}

const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

describe("file length", () => {
  it(`no source file is over ${LIMIT} lines unless the README says why`, () => {
    const lines = new Map(sourceFiles().map((f) => [f, lineCount(readFileSync(join(root, f), "utf8"))]));
    expect(lines.size).toBeGreaterThan(100);
    expect(longFileProblems(lines, allowedLongFiles(readFileSync(join(root, "README.md"), "utf8")))).toEqual([]);
  });

  it("fails for a long file the list does not name, an entry without a reason, and a stale entry", () => {
    const readme = `# X\n\n${SECTION}\n\n- \`a.ts\`: one table of data.\n- \`b.ts\`\n- \`gone.ts\`: was long.\n\n## Next\n- \`c.ts\`: not in the section.\n`;
    const allowed = allowedLongFiles(readme);
    expect([...allowed.keys()]).toEqual(["a.ts", "b.ts", "gone.ts"]);
    const problems = longFileProblems(new Map([["a.ts", 400], ["b.ts", 301], ["c.ts", 301], ["d.ts", 300]]), allowed);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^b\.ts: the README names it without a reason/);
    expect(problems[1]).toMatch(/^c\.ts has 301 lines/);
    expect(problems[2]).toMatch(/^gone\.ts is in the README's list/);
  });
});
