/**
 * A server component that imports from a "use client" module gets a client reference for each name:
 * a component renders in the browser, but a constant or function is not the value at all on the
 * server (SOCIAL_NETWORKS.flatMap "is not a function" took every site's footer away once). Unit tests
 * do not see this, as they ignore the directive. This reads every server-side source file and checks
 * that what it imports from a client module is a component (PascalCase) or a type.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const isClient = (text: string) => /^\s*["']use client["'];/.test(text);

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, join(base, "index.tsx"), join(base, "index.ts")]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** The values (not types) a statement `import { a, type B, C as D } from "x"` brings in, by their exported names. */
function importedValues(clause: string): string[] {
  return clause
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith("type "))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}

function serverImportsOfClientValues(): string[] {
  const problems: string[] = [];
  for (const dir of ["blocks", "renderer", "app"]) {
    for (const f of readdirSync(join(root, dir), { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(f) || /\.test\.tsx?$/.test(f)) continue;
      const file = join(root, dir, f);
      const text = readFileSync(file, "utf8");
      if (isClient(text)) continue;
      for (const m of text.matchAll(/^import (?!type )\{([^}]*)\} from "([^"]+)";/gm)) {
        const target = resolve(file, m[2]!);
        if (!target || !isClient(readFileSync(target, "utf8"))) continue;
        for (const name of importedValues(m[1]!)) if (!/^[A-Z][a-z]/.test(name)) problems.push(`${dir}/${f}: ${name} from ${m[2]}`);
      }
    }
  }
  return problems;
}

describe("server files and client modules", () => {
  it("reads the value names of an import clause", () => {
    expect(importedValues(" FooterView, type FooterLocation, SOCIAL_NETWORKS as S ")).toEqual(["FooterView", "SOCIAL_NETWORKS"]);
  });

  it("a server file takes only components and types from a \"use client\" module", () => {
    expect(serverImportsOfClientValues()).toEqual([]);
  });
});
