// Key rotation of the site secrets (FORECOURT_SECRETS_KEY_PREVIOUS, sealed again at start and by
// `npm run secrets:rotate`), and the admin's state of a secret no key opens.
import { spawnSync } from "node:child_process";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { backends, withTestDatabase, type TestDatabase } from "../../tests/databases";
import { publishableTenant } from "../../tests/fixtures/tenant";
import type { DbHandle } from "../db";
import { siteSecrets } from "../db/schema";
import { createTenant } from "./store";
import { eventSecretStatus, readEventSecrets, setEventSecret } from "./event-secrets";
import { resealLines, resealStoredSecrets } from "./secrets-reseal";
import { checkSecretsKey, loadSecretsKey, malformedPrevious, MALFORMED_KEY, parsePreviousKeys, type SecretsKey } from "./secrets-key";
import { rotate } from "../../scripts/secrets-rotate";

const A = Buffer.alloc(32, 0xa1);
const B = Buffer.alloc(32, 0xb2);
const C = Buffer.alloc(32, 0xc3);
const keys = (key: Buffer, ...previous: Buffer[]) => (): SecretsKey => ({ key, source: "test", previous });
const UNOPENED = "it does not open with this key (another key, another row's value, or altered)";

describe("the previous keys", () => {
  it("are FORECOURT_SECRETS_KEY_PREVIOUS, comma-separated in the current key's forms; a malformed one is refused, at start too, never echoed", () => {
    expect(parsePreviousKeys(undefined)).toEqual({ keys: [] });
    expect(parsePreviousKeys(` ${A.toString("hex")} , ${C.toString("base64")},`)).toEqual({ keys: [A, C] });
    const env = { FORECOURT_SECRETS_KEY: B.toString("base64url"), FORECOURT_SECRETS_KEY_PREVIOUS: `${A.toString("hex")},${B.toString("hex")}` };
    // The current key left among the previous ones is not tried twice.
    expect(loadSecretsKey(env, "/nonexistent")).toEqual({ key: B, source: "FORECOURT_SECRETS_KEY", previous: [A] });
    const bad = { ...env, FORECOURT_SECRETS_KEY_PREVIOUS: `${A.toString("hex")},hunter2-old-key` };
    const problem = "FORECOURT_SECRETS_KEY_PREVIOUS is set but its key number 2 is not a key: each must be 32 random bytes as 64 hex digits or base64 (`openssl rand -base64 32`), several separated by commas.";
    expect(malformedPrevious(2)).toBe(problem);
    expect(loadSecretsKey(bad, "/nonexistent")).toEqual({ key: null, problem });
    expect(() => checkSecretsKey(bad)).toThrow(problem);
    expect(problem).not.toContain("hunter2");
    expect(() => checkSecretsKey({ ...bad, FORECOURT_SECRETS_KEY: "nope" })).toThrow(MALFORMED_KEY);
    expect(() => checkSecretsKey(env)).not.toThrow();
  });
});

describe.each(backends)("rotating the site secrets' key on %s", (name, make) => {
  // Reading a value no key opens logs it once (event-secrets.test.ts checks the line): kept out of the output here.
  let quiet: { mockRestore(): void };
  beforeAll(() => void (quiet = vi.spyOn(console, "error").mockImplementation(() => undefined)));
  afterAll(() => quiet.mockRestore());
  const db = withTestDatabase(make, async (h) => {
    for (const slug of ["alpha", "beta", "gamma"]) await createTenant(h.db, publishableTenant(slug, `${slug} Motors`), "seed");
  });
  const h = () => db.handle as DbHandle;
  const stored = async (tenant: string, secret: string) =>
    (await h().db.select({ value: siteSecrets.value }).from(siteSecrets).where(and(eq(siteSecrets.tenantSlug, tenant), eq(siteSecrets.name, secret))))[0]?.value;
  const state = async (tenant: string, keyOf: () => SecretsKey) => (await eventSecretStatus(h().db, tenant, keyOf)).map((s) => [s.name, s.set, s.unreadable]);
  /**
   * `npm run secrets:rotate` with these keys: on PostgreSQL the real process; on PGlite (whose boot in a
   * second process took 27–54 s at load 8 on 2 cores) its `rotate` in this one, with the key the same
   * environment gives.
   */
  const command = async (current: Buffer, previous: Buffer[]) => {
    const env = { FORECOURT_SECRETS_KEY: current.toString("hex"), FORECOURT_SECRETS_KEY_PREVIOUS: previous.map((k) => k.toString("base64")).join(",") };
    if (name === "PostgreSQL") {
      return spawnSync("node_modules/.bin/tsx", ["--import", "./scripts/server-only.mjs", "scripts/secrets-rotate.ts"], { encoding: "utf8", env: { ...process.env, ...(db.tdb as TestDatabase).env, ...env } });
    }
    const out: string[] = [];
    const err: string[] = [];
    const status = await rotate(h().db, { out: (l) => out.push(`${l}\n`), err: (l) => err.push(`${l}\n`) }, () => loadSecretsKey(env, "/nonexistent"));
    return { status, stdout: out.join(""), stderr: err.join("") };
  };

  it("reads a value sealed with a previous key, seals it again once (instances together), then reads it with the current key alone; one no key opens is reported and kept", async (ctx) => {
    db.need(ctx);
    await setEventSecret(h().db, "alpha", "ga4ApiSecret", "ga4-secret-alpha", "staff@forecourt.test", keys(A));
    await setEventSecret(h().db, "alpha", "metaAccessToken", "EAAB-token-alpha", "staff@forecourt.test", keys(A));
    await setEventSecret(h().db, "beta", "ga4ApiSecret", "ga4-secret-beta", "staff@forecourt.test", keys(C));
    await h().db.insert(siteSecrets).values({ tenantSlug: "gamma", name: "metaAccessToken", value: "EAAB-plain-gamma", updatedBy: "before" });
    const betaSealed = await stored("beta", "ga4ApiSecret");

    // Current B, previous A: A's values read; the admin shows them set, beta's (sealed with C) as unreadable.
    expect((await readEventSecrets(h().db, "alpha", keys(B, A))).values).toEqual({ ga4ApiSecret: "ga4-secret-alpha", metaAccessToken: "EAAB-token-alpha" });
    expect(await state("alpha", keys(B, A))).toEqual([["ga4ApiSecret", true, false], ["metaAccessToken", true, false]]);
    expect(await state("alpha", keys(B))).toEqual([["ga4ApiSecret", true, true], ["metaAccessToken", true, true]]);
    expect(await state("beta", keys(B, A))).toEqual([["ga4ApiSecret", true, true], ["metaAccessToken", false, false]]);

    // Two instances starting together: each row sealed again once.
    const [one, two] = await Promise.all([resealStoredSecrets(h().db, keys(B, A)), resealStoredSecrets(h().db, keys(B, A))]);
    expect([one.resealed + two.resealed, one.plain + two.plain, one.current + two.current]).toEqual([2, 1, 3]);
    expect(one.unreadable).toEqual([{ tenant: "beta", name: "ga4ApiSecret", why: UNOPENED }]);
    expect(two.unreadable).toEqual(one.unreadable);
    expect(await stored("beta", "ga4ApiSecret")).toBe(betaSealed);

    // Current B alone now opens them; the plain row is sealed too.
    expect((await readEventSecrets(h().db, "alpha", keys(B))).values).toEqual({ ga4ApiSecret: "ga4-secret-alpha", metaAccessToken: "EAAB-token-alpha" });
    expect(await stored("gamma", "metaAccessToken")).toMatch(/^v1:/);
    expect((await readEventSecrets(h().db, "gamma", keys(B))).values).toEqual({ metaAccessToken: "EAAB-plain-gamma" });
    expect(await state("alpha", keys(B))).toEqual([["ga4ApiSecret", true, false], ["metaAccessToken", true, false]]);

    // What the start log says of it.
    expect(resealLines({ ...one, plain: 1, resealed: 2 })).toEqual({
      said: [
        "1 site secret(s) stored before encryption were sealed with the current key.",
        "2 site secret(s) sealed with a previous key (FORECOURT_SECRETS_KEY_PREVIOUS) were sealed again with the current key.",
      ],
      problems: [
        "1 site secret(s) cannot be opened with this server's keys and are left as they are: set them again in the admin, or give the key they were sealed with in FORECOURT_SECRETS_KEY_PREVIOUS.",
        `  site beta, ga4ApiSecret: ${UNOPENED}`,
      ],
    });

    // Given C as a previous key, beta's is sealed again with B, so nothing was lost.
    expect(await resealStoredSecrets(h().db, keys(B, A, C))).toEqual({ plain: 0, resealed: 1, current: 3, unreadable: [] });
    expect((await readEventSecrets(h().db, "beta", keys(B))).values).toEqual({ ga4ApiSecret: "ga4-secret-beta" });
  });

  // Two real processes on PostgreSQL (together 8–9 s at load 8 on 2 cores).
  it("npm run secrets:rotate prints what it sealed again, what was current and which it could not open (never a value), exit 1 then; entering it again in the admin fixes it", { timeout: 120_000 }, async (ctx) => {
    db.need(ctx);
    await h().db.delete(siteSecrets);
    await setEventSecret(h().db, "alpha", "ga4ApiSecret", "ga4-secret-alpha", "staff@forecourt.test", keys(A));
    await setEventSecret(h().db, "alpha", "metaAccessToken", "EAAB-token-alpha", "staff@forecourt.test", keys(B));
    await setEventSecret(h().db, "beta", "metaAccessToken", "EAAB-token-beta", "staff@forecourt.test", keys(C));
    const first = await command(B, [A]);
    expect(first.stdout).toBe("Sealed again with the current key: 1.\nAlready sealed with the current key: 1.\nCould not be opened: 1.\n");
    expect(first.stderr).toBe(
      "1 site secret(s) cannot be opened with this server's keys and are left as they are: set them again in the admin, or give the key they were sealed with in FORECOURT_SECRETS_KEY_PREVIOUS.\n" +
        `  site beta, metaAccessToken: ${UNOPENED}\n`,
    );
    expect(first.status).toBe(1);
    expect(`${first.stdout}${first.stderr}`).not.toMatch(/token-|secret-alpha/);
    expect((await readEventSecrets(h().db, "alpha", keys(B))).values).toEqual({ ga4ApiSecret: "ga4-secret-alpha", metaAccessToken: "EAAB-token-alpha" });

    // The admin shows beta's as unreadable; entering it again replaces it, and the command then passes with the current key alone.
    expect(await state("beta", keys(B))).toEqual([["ga4ApiSecret", false, false], ["metaAccessToken", true, true]]);
    await setEventSecret(h().db, "beta", "metaAccessToken", "EAAB-token-beta-2", "staff@forecourt.test", keys(B));
    expect(await state("beta", keys(B))).toEqual([["ga4ApiSecret", false, false], ["metaAccessToken", true, false]]);
    const second = await command(B, []);
    expect([second.stdout, second.stderr, second.status]).toEqual(["Sealed again with the current key: 0.\nAlready sealed with the current key: 3.\nCould not be opened: 0.\n", "", 0]);
  });

  it("secrets:rotate without a usable key does nothing and says why (exit 1)", async (ctx) => {
    db.need(ctx);
    const out: string[] = [];
    const bad = loadSecretsKey({ FORECOURT_SECRETS_KEY: B.toString("hex"), FORECOURT_SECRETS_KEY_PREVIOUS: "not-a-key" }, "/nonexistent");
    const before = await h().db.select().from(siteSecrets);
    expect(await rotate(h().db, { out: (l) => out.push(l), err: (l) => out.push(`! ${l}`) }, () => bad)).toBe(1);
    expect(out).toEqual([`! Nothing was done: ${malformedPrevious(1)}`]);
    expect(await h().db.select().from(siteSecrets)).toEqual(before);
  });
});
