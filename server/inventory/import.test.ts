import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { backends, pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createTenant, publish } from "../tenants/store";
import { csvField } from "./csv";
import { feedFormat, formatProblem, importFeed, parseFeed } from "./import";
import { countVehicles, getVehicle } from "./store";
import { main as importCli } from "../../scripts/import";
import { runMain } from "../../tests/run-cli";

const header = "id,dealership_id,location_id,stocknum,car_type,year,make,model,badge,body,colour,price,km,reserved,dealercomments,variant.cylinders,autograb_data.average_market_price,images";
const row = (cells: (string | number)[]) => cells.map((c) => csvField(String(c))).join(",");

const CSV = [
  header,
  row(["c1", 1, 10, "U100", "used", 2020, "Toyota", "RAV4", "GXL", "SUV", "Silver Pearl", "$32,990", "61000", "yes", "", 4, 34500, "/media/vehicles/suv/b9bcbf/front-right.jpg|/media/vehicles/suv/b9bcbf/right.jpg"]),
  row(["c2", 1, 10, "U101", "used", 2019, "Toyota", "Camry", "SL", "Sedan", "", "-5", "70000", "no", "", "", "", ""]),
  "c3,1,10,U102,used,2018",
  row(["c4", 1, 10, "U103", "used", 2022, "Toyota", "HiLux", "SR5", "Utility", "Eclipse Black", 52990, 30000, "", 'One owner, "as new".\nFull service history.', 4, "", ""]),
  row(["c5", 99, "", "U104", "new", 2026, "Toyota", "Corolla", "", "Hatchback", "", 30990, 10, "", "", "", "", ""]),
  row(["c6", 1, 10, "U105", "used", 2021, "Toyota", "Yaris", "", "Hatch", "", 15990, "lots", "maybe", "", "", "", '["not a picture"]']),
  "",
].join("\n");

describe.each(backends)("feed import on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await createTenant(h.db, inventoryTenant("alpha"), "test");
    await publish(h, "alpha", { actor: "test" });
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };

  it("imports the good CSV rows and reports each bad one with its line, pointer and reason", async (ctx) => {
    need(ctx);
    const result = await importFeed(h.db, parseFeed(CSV, "csv"));
    expect(result.failed.map(formatProblem)).toEqual([
      "line 3: /price must be >= 0",
      "line 4: has 6 fields; the header has 18",
      "line 7: /dealership_id dealership 99 is not listed by any site",
      "line 8: /km must be integer",
      "line 8: /reserved must be boolean",
      "line 8: /images/0 must be object",
    ]);
    expect(result).toMatchObject({ imported: 2, created: 2, updated: 0, failedRows: 4, rows: 6 });
    const c1 = (await getVehicle(h.db, "c1"))!;
    expect(c1).toMatchObject({ price: 32990, km: 61000, reserved: true, variant: { cylinders: 4 }, autograb_data: { average_market_price: 34500 } });
    expect(c1.images).toEqual([
      { url: "/media/vehicles/suv/b9bcbf/front-right.jpg", thumb_url: "/media/vehicles/suv/b9bcbf/front-right.jpg", kind: "exterior" },
      { url: "/media/vehicles/suv/b9bcbf/right.jpg", thumb_url: "/media/vehicles/suv/b9bcbf/right.jpg", kind: "exterior" },
    ]);
    expect((await getVehicle(h.db, "c4"))!.dealercomments).toBe('One owner, "as new".\nFull service history.');
    for (const id of ["c2", "c3", "c5", "c6"]) expect(await getVehicle(h.db, id)).toBeNull();
  });

  it("updates on a second import", async (ctx) => {
    need(ctx);
    const again = CSV.replace("$32,990", "$31,990");
    const result = await importFeed(h.db, parseFeed(again, "csv"));
    expect(result).toMatchObject({ imported: 2, created: 0, updated: 2 });
    expect((await getVehicle(h.db, "c1"))!.price).toBe(31990);
  });

  it("refuses a whole file whose header names a field that does not exist", async (ctx) => {
    need(ctx);
    const feed = parseFeed("id,dealership_id,stocknum,colr,variant.wheels\nz1,1,Z1,red,4\n", "csv");
    const result = await importFeed(h.db, feed);
    expect(result.failed.map(formatProblem)).toEqual(['line 1: /colr column "colr" is not a vehicle field (nor "variant.wheels")']);
    expect(result.imported).toBe(0);
    expect(parseFeed('id\n"open', "csv").fatal).toEqual({ line: 2, pointer: "", message: "a quoted field is not closed" });
  });

  it("imports a JSON array, naming the line each vehicle starts on", async (ctx) => {
    need(ctx);
    const text = JSON.stringify([feedVehicle("j1"), { ...feedVehicle("j2"), car_type: "second-hand" }, feedVehicle("j3", { stocknum: "S-j1" })], null, 2);
    const feed = parseFeed(text, "json");
    const lines = text.split("\n");
    const starts = feed.rows.map((r) => lines[r.line - 1].trim());
    expect(starts).toEqual(["{", "{", "{"]);
    const result = await importFeed(h.db, feed);
    expect(result.failed.map(formatProblem)).toEqual([
      `line ${feed.rows[1].line}: /car_type must be one of "new", "demo", "used"`,
      `line ${feed.rows[2].line}: /stocknum stock number "S-j1" is also used by line ${feed.rows[0].line}`,
    ]);
    expect(result.imported).toBe(1);
    expect(parseFeed('[{"id": "x"},\n  {"id": }]', "json").fatal).toMatchObject({ line: 2, pointer: "" });
    expect(parseFeed('{"id": "x"}', "json").fatal?.message).toBe("a JSON feed must be an array of vehicles");
  });

  it("imports JSON lines", async (ctx) => {
    need(ctx);
    const text = [JSON.stringify(feedVehicle("l1")), "", "{broken", JSON.stringify(feedVehicle("l2", { price: -1 }))].join("\n");
    const result = await importFeed(h.db, parseFeed(text, "jsonl"));
    expect(result.failed.map((f) => `${f.line} ${f.pointer}`)).toEqual(["3 ", "4 /price"]);
    expect(result.imported).toBe(1);
  });

  it("gives rows without a dealership the one named on the command line, and refuses rows naming another", async (ctx) => {
    need(ctx);
    const csv = "id,dealership_id,stocknum,car_type,year,make,model\nk1,,K1,used,2020,Kia,Cerato\nk2,2,K2,used,2020,Kia,Rio\n";
    const result = await importFeed(h.db, parseFeed(csv, "csv"), { dealershipId: 1 });
    expect(result.failed.map(formatProblem)).toEqual(["line 3: /dealership_id must be 1, the dealership this feed belongs to"]);
    expect((await getVehicle(h.db, "k1"))!.dealership_id).toBe(1);
  });

  it("writes nothing when the database refuses part of the good rows", async (ctx) => {
    need(ctx);
    await h.db.execute(sql.raw(`create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin if new.stocknum = 'BOOM' then raise exception 'refused by test trigger'; end if; return new; end $$`));
    await h.db.execute(sql.raw("create trigger refuse_boom before insert or update on vehicles for each row execute function refuse_boom()"));
    try {
      const before = await countVehicles(h.db);
      // More rows than one insert statement takes, with the refused one last.
      const vehicles = Array.from({ length: 620 }, (_, i) => feedVehicle(`bulk-${i}`, { stocknum: i === 619 ? "BOOM" : `B${i}` }));
      await expect(importFeed(h.db, parseFeed(JSON.stringify(vehicles), "json"))).rejects.toThrow(/refused by test trigger/);
      expect(await countVehicles(h.db)).toBe(before);
      expect(await getVehicle(h.db, "bulk-0")).toBeNull();
    } finally {
      await h.db.execute(sql.raw("drop trigger refuse_boom on vehicles"));
    }
  });
});

describe("npm run import", () => {
  const tmp = mkdtempSync(join(tmpdir(), "forecourt-import-"));
  const tdb = pgliteDatabase();
  beforeAll(async () => {
    const h = await tdb.open();
    await createTenant(h.db, inventoryTenant("alpha"), "test");
    await publish(h, "alpha", { actor: "test" });
    await h.close();
  });
  afterAll(async () => {
    await tdb.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  });
  // One real process; the other runs call the script's main in this process.
  const spawn = (args: string[]) => spawnSync("node_modules/.bin/tsx", ["--import", "./scripts/server-only.mjs", "scripts/import.ts", ...args], { encoding: "utf8", env: { ...process.env, ...tdb.env } });
  const run = (args: string[]) => runMain(importCli, args, tdb.env);

  it("prints each failing row and a summary, and exits 1 when any row failed (a real process)", () => {
    const file = join(tmp, "feed.csv");
    writeFileSync(file, CSV);
    const result = spawn([file]);
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toContain("line 3: /price must be >= 0");
    expect(lines).toContain("line 7: /dealership_id dealership 99 is not listed by any site");
    expect(lines.at(-1)).toBe(`Imported 2 of 6 vehicle(s) from ${file} (2 new, 0 updated); 4 row(s) failed.`);
  });

  it("exits 0 when every row is good, and refuses files it cannot read", async () => {
    const file = join(tmp, "good.json");
    writeFileSync(file, JSON.stringify([feedVehicle("g1", { dealership_id: undefined, location_id: 20 })]));
    const ok = await run([file, "--dealership", "2"]);
    expect(ok.stdout.trim()).toBe(`Imported 1 of 1 vehicle(s) from ${file} (1 new, 0 updated); 0 row(s) failed.`);
    expect(ok.status).toBe(0);
    expect((await run([join(tmp, "feed.txt")])).status).toBe(2);
    expect((await run([])).stderr).toContain("usage: npm run import");
  });
});

describe("feed formats", () => {
  it("are told by the file name", () => {
    expect(feedFormat("stock.CSV")).toBe("csv");
    expect(feedFormat("stock.json")).toBe("json");
    expect(feedFormat("stock.ndjson")).toBe("jsonl");
    expect(feedFormat("stock.xml")).toBeNull();
  });
});
