import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { smsOutbox } from "../db/schema";
import { EmbeddedSmsProvider } from "./provider";

describe("embedded SMS provider", () => {
  let tdb: TestDatabase;
  let h: DbHandle;
  const dir = mkdtempSync(join(tmpdir(), "forecourt-sms-"));
  beforeAll(async () => {
    tdb = pgliteDatabase();
    h = await tdb.open();
  });
  afterAll(async () => {
    await h.close();
    await tdb.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes each message to sms_outbox, logs it, and (for end-to-end tests) to a file", async () => {
    const lines: string[] = [];
    const sms = new EmbeddedSmsProvider(h.db, { testDir: dir, log: (l) => lines.push(l) });
    await sms.send({ site: "alpha", to: "+61412345678", body: "123456 is your Alpha sign-in code." });
    expect(await h.db.select().from(smsOutbox)).toMatchObject([{ site: "alpha", phone: "+61412345678", body: "123456 is your Alpha sign-in code.", provider: "embedded" }]);
    expect(lines).toEqual(["[sms] to +61412345678 (alpha): 123456 is your Alpha sign-in code."]);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, files[0]), "utf8"))).toMatchObject({ site: "alpha", to: "+61412345678", body: "123456 is your Alpha sign-in code." });
  });
});
