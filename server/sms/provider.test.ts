import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { smsOutbox } from "../db/schema";
import { requestCode, verifyCode } from "../auth/codes";
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
    await sms.send({ site: "alpha", to: "+61412345678", body: "Your Alpha delivery is ready." });
    expect(await h.db.select().from(smsOutbox)).toMatchObject([{ site: "alpha", phone: "+61412345678", body: "Your Alpha delivery is ready.", provider: "embedded" }]);
    expect(lines).toEqual(["[sms] to +61412345678 (alpha): Your Alpha delivery is ready."]);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, files[0]), "utf8"))).toMatchObject({ site: "alpha", to: "+61412345678", body: "Your Alpha delivery is ready." });
  });

  it("keeps a sign-in code out of the log and the stored outbox row; only the end-to-end test file has it", async () => {
    await h.db.delete(smsOutbox);
    rmSync(dir, { recursive: true, force: true });
    const lines: string[] = [];
    const sms = new EmbeddedSmsProvider(h.db, { testDir: dir, log: (l) => lines.push(l) });
    const sent = await requestCode(h.db, { site: "alpha", siteName: "Alpha Motors", phone: "+61412000077", sms, code: "402913" });
    expect(sent.ok).toBe(true);
    const masked = "•••••• is your Alpha Motors sign-in code. It expires in 10 minutes.";
    expect(await h.db.select({ body: smsOutbox.body }).from(smsOutbox)).toEqual([{ body: masked }]);
    expect(lines).toEqual([`[sms] to +61412000077 (alpha): ${masked}`]);
    expect(lines.join("\n")).not.toContain("402913");
    const files = readdirSync(dir);
    expect(JSON.parse(readFileSync(join(dir, files[0]), "utf8"))).toMatchObject({ to: "+61412000077", body: "402913 is your Alpha Motors sign-in code. It expires in 10 minutes." });
    // The code sent still signs in.
    expect(await verifyCode(h.db, { site: "alpha", phone: "+61412000077", code: "402913" })).toEqual({ ok: true });
  });
});
