/**
 * The serving layer's contract with Next (serving/contract.ts), against the real `next build` in
 * .next (npm test builds before the unit tests; locally, run `npm run build` first). Plain `next start`
 * serves a demo site from a freshly seeded database, and every layer's expectations are checked
 * against its pages, as Next answers them, and the build's static folder. Without a build the test is
 * skipped with a message, except in CI (CI set), where it fails.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoInventory, seedDemoTenants } from "../server/demo/seed";
import { pgliteDatabase, type TestDatabase } from "../tests/databases";
import { contract as compileHints } from "./compile-hints";
import { contractProblems as problemsOf, type NextOutput, type NextPage } from "./contract";
import { contract as lateScripts } from "./late-scripts";
import { contract as pageCache } from "./page-cache";
import { contract as previewLinks } from "./preview-links";
import { contract as staticBrotli } from "./static-brotli";

/** Every layer of serving/ that reads Next's output (node-server.ts reads none). */
const contractProblems = (output: NextOutput) => problemsOf(output, [lateScripts, pageCache, previewLinks, staticBrotli, compileHints]);

const BUILT = existsSync(".next/BUILD_ID");
const SITE = "harbourline";
const STATIC_DIR = resolve(".next", "static");

if (!BUILT) {
  const message = "serving/contract.test.ts: there is no `next build` in .next to check the serving layer against (npm test builds first; run `npm run build`)";
  if (process.env.CI) {
    it("has a build to check the serving layer against", () => {
      throw new Error(message);
    });
  } else console.warn(`${message}: skipped.`);
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** GET without Accept-Encoding (so Next answers uncompressed, as the rewriters ask it to). */
const get = (port: number, host: string, path: string) =>
  new Promise<NextPage>((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host: `${host}:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = [value].flat().join(", ");
        done({ path, status: res.statusCode ?? 0, headers, html: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });

describe.skipIf(!BUILT)("the serving layer's contract with Next's build", () => {
  let db: TestDatabase;
  let next: ChildProcess | undefined;
  let output: NextOutput;

  beforeAll(async () => {
    db = pgliteDatabase();
    const handle = await db.open();
    try {
      await seedDemoTenants(handle);
      await seedDemoInventory(handle);
    } finally {
      await handle.close();
    }
    const port = await freePort();
    let log = "";
    next = spawn(join("node_modules", ".bin", "next"), ["start", "-p", String(port)], {
      env: { ...process.env, ...db.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    next.stdout!.on("data", (c: Buffer) => (log += c.toString()));
    next.stderr!.on("data", (c: Buffer) => (log += c.toString()));
    const deadline = Date.now() + 150_000;
    for (;;) {
      const health = await get(port, "localhost", "/api/health").catch(() => null);
      if (health?.status === 200) break;
      if (Date.now() > deadline || next.exitCode !== null) throw new Error(`next start did not answer on port ${port}:\n${log}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const host = `${SITE}.localhost`;
    const sitemap = await get(port, host, "/sitemap.xml");
    const car = /<loc>[^<]*?(\/cars\/[a-z0-9-]+)<\/loc>/.exec(sitemap.html)?.[1];
    if (!car) throw new Error(`no car in ${SITE}'s sitemap:\n${sitemap.html.slice(0, 500)}`);
    output = {
      staticDir: STATIC_DIR,
      home: await get(port, host, "/"),
      vehicle: await get(port, host, car),
      missing: await get(port, host, "/no-such-page-for-the-contract"),
    };
  }, 300_000);

  afterAll(async () => {
    if (next?.pid) {
      try {
        process.kill(-next.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await db?.cleanup();
  });

  it("every layer's expectations hold for Next's real pages and build", () => {
    expect(output.home.status).toBe(200);
    expect(contractProblems(output)).toEqual([]);
  });

  describe("fails, naming the layer, on a changed copy of Next's output", () => {
    const withPage = (name: "home" | "vehicle", change: (page: NextPage) => Partial<NextPage>): NextOutput => ({ ...output, [name]: { ...output[name], ...change(output[name]) } });
    const named = (problems: string[], layer: string) => problems.filter((p) => p.startsWith(`${layer}: `));

    it("script tags of another shape: late scripts", () => {
      const changed = withPage("home", (p) => ({ html: p.html.replaceAll('" async=""></script>', '" defer=""></script>') }));
      expect(named(contractProblems(changed), "late scripts").join("\n")).toMatch(/^late scripts: Next's HTML of \/ no longer has its chunk scripts as <script/);
    });

    it("no 404 mark on a missing address's page: late scripts", () => {
      const changed = { ...output, missing: { ...output.missing, html: "<html><head></head><body></body></html>" } };
      expect(named(contractProblems(changed), "late scripts")).toEqual([expect.stringContaining("no longer has the 404 mark")]);
    });

    it("a vehicle page without its car's mark, or varying on a request header the key ignores: page cache", () => {
      const unmarked = withPage("vehicle", (p) => ({ html: p.html.replace(/ data-fc-car="[^"]*"/g, "") }));
      expect(named(contractProblems(unmarked), "page cache")).toEqual([expect.stringContaining('no longer has <main … data-fc-car="{id}">')]);
      const varies = withPage("vehicle", (p) => ({ headers: { ...p.headers, vary: `${p.headers.vary}, Next-Router-Fresh-Prefetch` } }));
      expect(named(contractProblems(varies), "page cache")).toEqual([expect.stringContaining("varies on next-router-fresh-prefetch")]);
    });

    it("links of another shape: preview links", () => {
      const changed = withPage("home", (p) => ({ html: p.html.replaceAll("<a ", "<a data-x ").replaceAll(' href="/', ' data-href="/') }));
      expect(named(contractProblems(changed), "preview links")).toEqual([expect.stringContaining('no longer has links as <a href="/…">')]);
    });

    it("the chunk folder renamed: compile hints and static brotli", () => {
      const dir = mkdtempSync(join(tmpdir(), "serving-contract-"));
      try {
        mkdirSync(join(dir, "js"));
        const problems = contractProblems({ ...output, staticDir: dir });
        expect(named(problems, "compile hints")).toEqual([expect.stringContaining("chunks folder: Next's chunk layout changed")]);
        expect(named(problems, "static brotli").length).toBeGreaterThan(0);
        expect(named(problems, "static brotli")[0]).toMatch(/^static brotli: Next's pages name \/_next\/static\/.* but the build has no /);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
