import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints";

describe("compile hints", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("start every script of the build, once, and nothing else", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-"));
    mkdirSync(join(dir, "app"));
    const script = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([5550,(e,t,r)=>{"use strict"}]);\n';
    writeFileSync(join(dir, "a.js"), script);
    writeFileSync(join(dir, "app", "b.js"), script);
    writeFileSync(join(dir, "c.css"), ".a{color:red}");
    writeFileSync(join(dir, "d.js.map"), "{}");

    expect(addCompileHints(dir)).toBe(2);
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(`//# allFunctionsCalledOnLoad\n${script}`);
    expect(readFileSync(join(dir, "app", "b.js"), "utf8")).toBe(COMPILE_HINT + script);
    expect(readFileSync(join(dir, "c.css"), "utf8")).toBe(".a{color:red}");
    expect(readFileSync(join(dir, "d.js.map"), "utf8")).toBe("{}");

    // A second run (a build that changed nothing of these files) adds no second line.
    expect(addCompileHints(dir)).toBe(0);
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(COMPILE_HINT + script);
  });
});
