/**
 * server/'s layers (eslint.config.mjs, serverLayerZones and nonHttpZones: http → features → stores
 * → db, server/errors/ for all) fire: each zone is run through ESLint's Node API on a one-line file
 * placed where it applies, importing real modules of this tree, and the allowed imports beside it
 * pass. And no two folders of server/ import each other (read from the source, not from ESLint).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import "${specifier}";\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("server/'s layers (npm run lint)", () => {
  it("server/db/ imports nothing else of server/ but the composition root's accessor", async () => {
    expect(await boundaryErrors("server/db/x.ts", "../tenants/store")).toEqual([expect.stringContaining("server/db/ is the bottom layer")]);
    expect(await boundaryErrors("server/db/migrations/x.ts", "../../errors")).toEqual([expect.stringContaining("server/db/ is the bottom layer")]);
    expect(await boundaryErrors("server/db/x.ts", "./schema")).toEqual([]);
    expect(await boundaryErrors("server/db/x.ts", "../root/services")).toEqual([]);
  }, 60_000);

  it("server/root/ imports nothing of server/ (features declare their services)", async () => {
    expect(await boundaryErrors("server/root/x.ts", "../db")).toEqual([expect.stringContaining("server/root/ holds the process's services")]);
    expect(await boundaryErrors("server/root/x.ts", "../leads/outbox")).toEqual([expect.stringContaining("server/root/ holds the process's services")]);
    expect(await boundaryErrors("server/root/x.ts", "./services")).toEqual([]);
    expect(await boundaryErrors("server/root/x.ts", "../../domain/search-host")).toEqual([]);
  }, 60_000);

  it("server/errors/ imports nothing of server/", async () => {
    expect(await boundaryErrors("server/errors/x.ts", "../db")).toEqual([expect.stringContaining("server/errors/ is imported by every layer")]);
    expect(await boundaryErrors("server/errors/x.ts", "../../domain/tenant-validation")).toEqual([]);
  }, 60_000);

  it("a store imports only server/db/, server/errors/, other stores and its own folder: no HTTP file, no service", async () => {
    const only = "A store imports only server/db/";
    expect(await boundaryErrors("server/leads/store.ts", "../http/body")).toEqual([expect.stringContaining(only)]);
    expect(await boundaryErrors("server/tenants/x-store.ts", "../http/cookies")).toEqual([expect.stringContaining(only)]);
    // Its own folder's http.ts: a store is not HTTP, so it imports no endpoint.
    expect(await boundaryErrors("server/leads/store.ts", "./http")).toEqual([expect.stringContaining("Only the HTTP layer imports an endpoint")]);
    expect(await boundaryErrors("server/garage/store.ts", "../reservations/service")).toEqual([expect.stringContaining(only)]);
    expect(await boundaryErrors("server/watchlist/store.ts", "../inventory/vehicle")).toEqual([expect.stringContaining(only)]);
    expect(await boundaryErrors("server/leads/store.ts", "../root/services")).toEqual([expect.stringContaining(only)]);
    for (const allowed of ["../db", "../db/schema", "../errors", "../inventory/store", "./adf", "../../domain/mobile", "../../schemas/generated/tenant"]) {
      expect(await boundaryErrors("server/leads/store.ts", allowed), allowed).toEqual([]);
    }
  }, 60_000);

  it("a file that is not HTTP imports no endpoint (a feature's http.ts or *-http.ts, server/http/'s wrappers)", async () => {
    const only = "Only the HTTP layer imports an endpoint";
    expect(await boundaryErrors("server/leads/x.ts", "../admin/http")).toEqual([expect.stringContaining(only)]);
    expect(await boundaryErrors("server/trade-in/x.ts", "../health/health-http")).toEqual([expect.stringContaining(only)]);
    expect(await boundaryErrors("server/trade-in/x.ts", "../http/site-route")).toEqual([expect.stringContaining(only)]);
    expect(await boundaryErrors("server/leads/x.ts", "../http/error-response")).toEqual([expect.stringContaining(only)]);
    // The request plumbing serves the services too; HTTP files and tests import endpoints.
    expect(await boundaryErrors("server/leads/x.ts", "../http/body")).toEqual([]);
    expect(await boundaryErrors("server/leads/x-http.ts", "../admin/http")).toEqual([]);
    expect(await boundaryErrors("server/leads/http.ts", "../http/site-route")).toEqual([]);
    expect(await boundaryErrors("server/leads/x.test.ts", "../admin/http")).toEqual([]);
  }, 60_000);

  it("the house's boundaries still hold inside server/ (the layers' zones are added to them)", async () => {
    expect(await boundaryErrors("server/leads/x.ts", "../../renderer/types")).toEqual([expect.stringContaining("server/ imports neither")]);
  }, 60_000);
});

const SERVER = resolve("server");
const IMPORT = /(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The folder of server/ a path is in; "(server)" for a file directly in server/. */
function folderOf(path: string): string {
  let target = path;
  try {
    if (statSync(target).isDirectory()) target = join(target, "index.ts");
  } catch {}
  const parts = relative(SERVER, target).split("/");
  return parts.length === 1 ? "(server)" : parts[0];
}

/** Which folders of server/ each folder imports (files that are not tests; relative imports). */
function serverFolderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SERVER)) {
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(`${SERVER}/`)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from !== to) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** The pairs of folders that import each other, "a ↔ b" with a before b. */
function mutualPairs(graph: Map<string, Set<string>>, exempt: string[] = []): string[] {
  const pairs: string[] = [];
  for (const [a, targets] of graph) {
    for (const b of targets) if (a < b && graph.get(b)?.has(a) && !exempt.includes(a) && !exempt.includes(b)) pairs.push(`${a} ↔ ${b}`);
  }
  return pairs.sort();
}

describe("no two folders of server/ import each other", () => {
  it("finds a pair where there is one", () => {
    const graph = new Map([["a", new Set(["b", "c"])], ["b", new Set(["a"])], ["c", new Set<string>()]]);
    expect(mutualPairs(graph)).toEqual(["a ↔ b"]);
    expect(mutualPairs(graph, ["b"])).toEqual([]);
  });

  it("reads the imports of server/ (the layers are there)", () => {
    const graph = serverFolderGraph();
    expect(graph.get("tenants")).toContain("db");
    expect(graph.get("leads")).toContain("errors");
  });

  it("server/ today: no pair, the composition root's included (it imports no folder of server/)", () => {
    const graph = serverFolderGraph();
    expect(mutualPairs(graph)).toEqual([]);
    expect([...(graph.get("root") ?? [])]).toEqual([]);
    expect(graph.get("db")).toContain("root");
  });
});
