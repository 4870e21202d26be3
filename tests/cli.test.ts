import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTenant } from "./fixtures/tenant";
import { backends, pgliteDatabase } from "./databases";
import { seedDemoTenants } from "../server/demo/seed";
import { tenants, tenantVersions } from "../server/db/schema";
import { eq } from "drizzle-orm";
import { main as validate } from "../scripts/validate";
import { main as exportTenants } from "../scripts/export-tenants";
import { runMain } from "./run-cli";

const tmp = mkdtempSync(join(tmpdir(), "forecourt-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
/** A real process: once per script (the rest call its main in this process, through runMain). */
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync("node_modules/.bin/tsx", ["--import", "./scripts/server-only.mjs", ...args], { encoding: "utf8", env: { ...process.env, ...env } });

describe("npm run validate", () => {
  it("prints each error as file, JSON pointer and message, and exits 1 (a real process)", () => {
    const good = makeTenant("good");
    const bad = makeTenant("bad");
    bad.pages.push({ id: "home-again", path: "/", title: "Again", blocks: [{ id: "intro", type: "rich-text", props: { html: 1 } }] } as never);
    bad.locations[0].dealership_id = 99;
    const dir = join(tmp, "docs");
    mkdirSync(dir);
    writeFileSync(join(dir, "good.json"), JSON.stringify(good));
    writeFileSync(join(dir, "bad.json"), JSON.stringify(bad));
    writeFileSync(join(dir, "broken.json"), "{ not json");
    writeFileSync(join(dir, "future.json"), JSON.stringify({ ...good, schemaVersion: 2 }));
    const result = run(["scripts/validate.ts", dir]);
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toContain(`${dir}/bad.json /pages/1/blocks/0/props/html: Text must be text.`);
    expect(lines).toContain(`${dir}/good.json: ok`);
    expect(lines.some((l) => l.startsWith(`${dir}/broken.json: cannot read JSON:`))).toBe(true);
    expect(lines).toContain(`${dir}/future.json /schemaVersion: schemaVersion 2 is newer than this version of Forecourt understands (1); it was written by a newer release.`);
    expect(lines.at(-1)).toBe("3 of 4 document(s) invalid");
  });

  it("reports the document rules once the schema passes", async () => {
    const bad = makeTenant("bad");
    bad.pages.push({ id: "home-again", path: "/", title: "Again", blocks: [{ id: "intro", type: "rich-text", props: { html: "x" } }] } as never);
    bad.locations[0].dealership_id = 99;
    const file = join(tmp, "rules.json");
    writeFileSync(file, JSON.stringify(bad));
    const result = await runMain(validate, [file]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`${file} /pages/1/blocks/0/id: Two blocks have the id "intro"; each block needs its own.`);
    expect(result.stdout).toContain(`${file} /pages/1/path: Two pages have the path "/"; choose another.`);
    expect(result.stdout).toContain(`${file} /locations/0/dealership_id: The stock feed's dealership 99 is not one of the site's dealerships; choose one of them, or add it under Dealerships.`);
  });

  it("exits 0 for the demo tenants", async () => {
    const result = await runMain(validate, ["tenants"]);
    expect(result.stdout).not.toContain("invalid");
    expect(result.status).toBe(0);
  });
});

describe.each(backends)("npm run export-tenants on %s", (name, make) => {
  it("writes every published document back as it was seeded", async (ctx) => {
    const tdb = await make();
    if (!tdb) return ctx.skip();
    const seedDir = join(tmp, `seed-${name}`);
    mkdirSync(seedDir);
    const docs = [makeTenant("alpha", "Alpha Motors", 1), makeTenant("beta", "Beta Cars", 2)];
    for (const d of docs) writeFileSync(join(seedDir, `${d.identity.slug}.json`), JSON.stringify(d));
    const h = await tdb.open();
    try {
      expect(await seedDemoTenants(h, seedDir)).toEqual(["alpha", "beta"]);
      expect(await seedDemoTenants(h, seedDir)).toEqual([]); // only on first start
      // beta's live version was written by a newer release: it is not exported (over an older file).
      const [beta] = await h.db.select().from(tenants).where(eq(tenants.slug, "beta"));
      await h.db.update(tenantVersions).set({ document: { ...docs[1], schemaVersion: 2 } }).where(eq(tenantVersions.id, beta.publishedVersionId!));
    } finally {
      await h.close();
    }
    const out = join(tmp, `out-${name}`);
    const result = await runMain(exportTenants, [out], tdb.env);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.stderr).toContain("beta: version 1 not exported: schemaVersion 2 is newer than this version of Forecourt understands (1)");
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`alpha: version 1 → ${out}/alpha.json`);
    expect(readdirSync(out).sort()).toEqual(["alpha.json"]);
    expect(JSON.parse(readFileSync(join(out, "alpha.json"), "utf8"))).toEqual(docs[0]);
    await tdb.cleanup();
  });
});


describe("the embedded database", () => {
  it("refuses a second process with a message naming the holder", async () => {
    const tdb = pgliteDatabase();
    const h = await tdb.open();
    try {
      const result = run(["scripts/export-tenants.ts", join(tmp, "never")], tdb.env);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`is in use by process ${process.pid}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`);
    } finally {
      await h.close();
      await tdb.cleanup();
    }
  });
});
