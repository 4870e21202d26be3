/**
 * server/ touches the global object only in its composition root (eslint.config.mjs,
 * no-restricted-globals): the rule is run through ESLint's Node API on small files placed in
 * server/, and the root itself passes. That no file breaks it today is `npm run lint`'s to say (it
 * runs in `npm test`): linting server/ again here took 75 s of the unit tests' time at load 15.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function globalErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-globals").map((m) => m.message);
}

const STASH = 'const KEY = Symbol.for("forecourt.x");\nexport const x = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map());\n';

describe("only the composition root touches the global object (npm run lint)", () => {
  it("a module of server/ that keeps state on globalThis (or global) is refused", async () => {
    const only = "Only server/root/services.ts touches the global object";
    expect(await globalErrors("server/leads/x.ts", STASH)).toEqual([expect.stringContaining(only)]);
    expect(await globalErrors("server/x.test.ts", "export const g = global;\n")).toEqual([expect.stringContaining(only)]);
    expect(await globalErrors("server/search/engine/x.ts", "export const has = typeof globalThis.fetch;\n")).toEqual([expect.stringContaining(only)]);
  }, 60_000);

  it("the composition root may, and code outside server/ is not judged by this rule", async () => {
    expect(await globalErrors("server/root/services.ts", STASH)).toEqual([]);
    expect(await globalErrors("domain/x.ts", "export const subtle = globalThis.crypto?.subtle;\n")).toEqual([]);
  }, 60_000);
});
