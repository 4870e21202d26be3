// Site secrets sealed at rest (issue 35 follow-up): AES-256-GCM with one key per deployment
// (FORECOURT_SECRETS_KEY, else DATA_DIR/secrets-key on PGlite), plain rows of before still read and
// sealed at start, and a value that does not open is left out (logged once), never a crash.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { publishableTenant } from "../../tests/fixtures/tenant";
import type { DbHandle } from "../db";
import { siteSecrets } from "../db/schema";
import { createTenant } from "./store";
import { eventSecrets, readEventSecrets, setEventSecret } from "./event-secrets";
import { resealStoredSecrets } from "./secrets-reseal";
import { isSealed, openSecret, sealSecret } from "./secret-box";
import { checkSecretsKey, KEY_REQUIRED, loadSecretsKey, MALFORMED_KEY, parseSecretsKey, SECRETS_KEY_FILE, type SecretsKey } from "./secrets-key";
import { clusterSecretsKey, instanceEnv } from "../../scripts/cluster";

const KEY = Buffer.alloc(32, 7);
const OTHER = Buffer.alloc(32, 9);
const keyed = (key: Buffer) => (): SecretsKey => ({ key, source: "test" });
const noKey = (): SecretsKey => ({ key: null, problem: KEY_REQUIRED });

describe("sealing a secret", () => {
  it("opens what it sealed, with a fresh IV each time, in the v1 form", () => {
    const a = sealSecret(KEY, "EAAB-token-0001", "site_secrets/alpha/metaAccessToken");
    const b = sealSecret(KEY, "EAAB-token-0001", "site_secrets/alpha/metaAccessToken");
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("EAAB");
    expect(openSecret(KEY, a, "site_secrets/alpha/metaAccessToken")).toBe("EAAB-token-0001");
    expect(openSecret(KEY, b, "site_secrets/alpha/metaAccessToken")).toBe("EAAB-token-0001");
    expect([isSealed(a), isSealed("EAAB-token-0001"), isSealed("v2:x")]).toEqual([true, false, true]);
  });

  it("refuses an altered value, another key, another row's context, and what is not sealed", () => {
    const sealed = sealSecret(KEY, "ga4-secret-0001", "site_secrets/alpha/ga4ApiSecret");
    const [v, iv, tag, text] = sealed.split(":");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    const fails = /does not open with this key/;
    expect(() => openSecret(KEY, [v, iv, tag, flip(text)].join(":"), "site_secrets/alpha/ga4ApiSecret")).toThrow(fails);
    expect(() => openSecret(KEY, [v, iv, flip(tag), text].join(":"), "site_secrets/alpha/ga4ApiSecret")).toThrow(fails);
    expect(() => openSecret(KEY, [v, flip(iv), tag, text].join(":"), "site_secrets/alpha/ga4ApiSecret")).toThrow(fails);
    expect(() => openSecret(OTHER, sealed, "site_secrets/alpha/ga4ApiSecret")).toThrow(fails);
    expect(() => openSecret(KEY, sealed, "site_secrets/beta/ga4ApiSecret")).toThrow(fails);
    // A shortened tag is not taken (GCM would otherwise check fewer bits).
    expect(() => openSecret(KEY, [v, iv, tag.slice(0, 11), text].join(":"), "site_secrets/alpha/ga4ApiSecret")).toThrow("it is in an unknown or damaged sealed form (v1:…)");
    expect(() => openSecret(KEY, "ga4-secret-0001", "site_secrets/alpha/ga4ApiSecret")).toThrow("it is not sealed");
  });
});

describe("the key", () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), "forecourt-secrets-key-"));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("is 32 bytes as 64 hex digits or base64 (padded or not, url-safe or not), nothing else", () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 8 + 3));
    for (const text of [bytes.toString("hex"), bytes.toString("hex").toUpperCase(), bytes.toString("base64"), bytes.toString("base64url"), ` ${bytes.toString("base64")}\n`]) {
      expect(parseSecretsKey(text), text).toEqual(bytes);
    }
    for (const text of ["", "0f".repeat(31), "0f".repeat(33), Buffer.alloc(31).toString("base64"), Buffer.alloc(33).toString("base64"), "not a key at all", "g".repeat(64)]) {
      expect(parseSecretsKey(text), text).toBeNull();
    }
  });

  it("comes from FORECOURT_SECRETS_KEY; a malformed one is refused with what it must be, never echoed, at start too", () => {
    expect(loadSecretsKey({ FORECOURT_SECRETS_KEY: "ab".repeat(32), DATABASE_URL: "postgres://x" }, dir())).toEqual({ key: Buffer.alloc(32, 0xab), source: "FORECOURT_SECRETS_KEY" });
    const bad = loadSecretsKey({ FORECOURT_SECRETS_KEY: "hunter2-typed-by-hand" }, dir());
    expect(bad).toEqual({ key: null, problem: "FORECOURT_SECRETS_KEY is set but is not a key: it must be 32 random bytes as 64 hex digits or base64 (`openssl rand -base64 32`)." });
    expect(MALFORMED_KEY).not.toContain("hunter2");
    expect(() => checkSecretsKey({ FORECOURT_SECRETS_KEY: "hunter2-typed-by-hand" })).toThrow(MALFORMED_KEY);
    const warned: string[] = [];
    checkSecretsKey({ DATABASE_URL: "postgres://db/forecourt" }, (m) => warned.push(m));
    checkSecretsKey({ DATABASE_URL: "postgres://db/forecourt", FORECOURT_SECRETS_KEY: "ab".repeat(32) }, (m) => warned.push(m));
    checkSecretsKey({}, (m) => warned.push(m));
    expect(warned).toEqual([`[secrets] ${KEY_REQUIRED}`]);
  });

  it("on PGlite without the setting: made once in DATA_DIR/secrets-key (0600) and read back by the next process", () => {
    const d = dir();
    const first = loadSecretsKey({}, d);
    expect(first.key?.length).toBe(32);
    const file = join(d, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toBe(first.key!.toString("hex"));
    expect(loadSecretsKey({}, d)).toEqual(first);
    // The cluster script keeps its instances' key the same way, in its own folder, and gives each the same.
    expect(clusterSecretsKey(d)).toBe(first.key!.toString("hex"));
    const env = (i: number) => instanceEnv({ basePort: 8080, dataDir: d, secret: "s", secretsKey: clusterSecretsKey(d), shared: {} }, i).FORECOURT_SECRETS_KEY;
    expect([env(0), env(1), env(2)]).toEqual([first.key!.toString("hex"), first.key!.toString("hex"), first.key!.toString("hex")]);
  });

  it("a damaged key file is reported and left as it is (replacing it would lose what it sealed)", () => {
    const d = dir();
    writeFileSync(join(d, SECRETS_KEY_FILE), "not-hex\n");
    const k = loadSecretsKey({}, d);
    expect(k).toEqual({ key: null, problem: `${join(d, SECRETS_KEY_FILE)} is not a key (64 hex digits); it is left as it is: restore it, or remove it and set the site secrets again.` });
    expect(readFileSync(join(d, SECRETS_KEY_FILE), "utf8")).toBe("not-hex\n");
  });

  it("with DATABASE_URL and no setting: none is made (each instance would make its own), and the reason is given", () => {
    const d = dir();
    expect(loadSecretsKey({ DATABASE_URL: "postgres://db/forecourt" }, d)).toEqual({ key: null, problem: KEY_REQUIRED });
    expect(() => statSync(join(d, SECRETS_KEY_FILE))).toThrow(/ENOENT/);
  });
});

describe.each(backends)("site secrets at rest on %s", (_name, make) => {
  let h: DbHandle;
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    for (const slug of ["alpha", "beta"]) await createTenant(h.db, publishableTenant(slug, `${slug} Motors`), "seed");
  });
  const stored = async (tenant: string, name: string) =>
    (await h.db.select({ value: siteSecrets.value }).from(siteSecrets).where(and(eq(siteSecrets.tenantSlug, tenant), eq(siteSecrets.name, name))))[0]?.value;

  it("stores a set secret sealed and reads it back; another instance with the same key reads it too", async (ctx) => {
    need(ctx);
    await setEventSecret(h.db, "alpha", "ga4ApiSecret", " ga4-secret-0001 ", "staff@forecourt.test", keyed(KEY));
    const value = await stored("alpha", "ga4ApiSecret");
    expect(value).toMatch(/^v1:/);
    expect(value).not.toContain("ga4-secret-0001");
    expect(await eventSecrets(h.db, "alpha", keyed(Buffer.from(KEY)))).toEqual({ ga4ApiSecret: "ga4-secret-0001" });
  });

  it("reads a plain row of before, seals it at start once (instances starting together), and a set secret replaces it sealed", async (ctx) => {
    need(ctx);
    await h.db.insert(siteSecrets).values({ tenantSlug: "beta", name: "metaAccessToken", value: "EAAB-plain-token", updatedBy: "before" });
    expect(await eventSecrets(h.db, "beta", keyed(KEY))).toEqual({ metaAccessToken: "EAAB-plain-token" });
    // Without a key the plain row stays as it is, said, and still read.
    expect(await resealStoredSecrets(h.db, noKey)).toEqual({ plain: 0, resealed: 0, current: 0, unreadable: [], problem: `1 site secret(s) are stored unencrypted and stay so: ${KEY_REQUIRED}` });
    expect(await stored("beta", "metaAccessToken")).toBe("EAAB-plain-token");
    const counts = await Promise.all([resealStoredSecrets(h.db, keyed(KEY)), resealStoredSecrets(h.db, keyed(KEY))]);
    expect(counts.map((c) => c.plain).sort()).toEqual([0, 1]);
    expect(await stored("beta", "metaAccessToken")).toMatch(/^v1:/);
    expect(await eventSecrets(h.db, "beta", keyed(KEY))).toEqual({ metaAccessToken: "EAAB-plain-token" });
    expect((await resealStoredSecrets(h.db, keyed(KEY))).plain).toBe(0);
    await h.db.update(siteSecrets).set({ value: "EAAB-plain-again" }).where(eq(siteSecrets.tenantSlug, "beta"));
    await setEventSecret(h.db, "beta", "metaAccessToken", "EAAB-new-token", "staff@forecourt.test", keyed(KEY));
    expect(await stored("beta", "metaAccessToken")).toMatch(/^v1:/);
    expect(await eventSecrets(h.db, "beta", keyed(KEY))).toEqual({ metaAccessToken: "EAAB-new-token" });
  });

  it("leaves out a value that was altered, sealed with another key or moved from another site, logging each once", async (ctx) => {
    need(ctx);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await setEventSecret(h.db, "alpha", "ga4ApiSecret", "ga4-secret-0001", "staff@forecourt.test", keyed(KEY));
      await setEventSecret(h.db, "alpha", "metaAccessToken", "EAAB-token-0001", "staff@forecourt.test", keyed(KEY));
      const sealed = (await stored("alpha", "metaAccessToken"))!;
      await h.db.update(siteSecrets).set({ value: `${sealed.slice(0, -2)}${sealed.endsWith("AA") ? "BB" : "AA"}` }).where(and(eq(siteSecrets.tenantSlug, "alpha"), eq(siteSecrets.name, "metaAccessToken")));
      const read = await readEventSecrets(h.db, "alpha", keyed(KEY));
      expect(read.values).toEqual({ ga4ApiSecret: "ga4-secret-0001" });
      expect(read.unreadable).toEqual({ metaAccessToken: "it does not open with this key (another key, another row's value, or altered)" });
      await readEventSecrets(h.db, "alpha", keyed(KEY));
      const logged = errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes("site alpha"));
      expect(logged).toEqual([
        "[secrets] the Meta Conversions API access token of the site alpha cannot be read: it does not open with this key (another key, another row's value, or altered). Its events are not sent until it is set again or the key it was sealed with is given.",
      ]);
      // Another key: nothing opens, nothing crashes.
      expect(await eventSecrets(h.db, "alpha", keyed(OTHER))).toEqual({});
      // No key at all (PostgreSQL without the setting): the reason is the setting's.
      expect((await readEventSecrets(h.db, "alpha", noKey)).unreadable).toEqual({ ga4ApiSecret: KEY_REQUIRED, metaAccessToken: KEY_REQUIRED });
      // Alpha's sealed GA4 secret copied into beta's row does not open there.
      await h.db.delete(siteSecrets).where(eq(siteSecrets.tenantSlug, "beta"));
      await h.db.insert(siteSecrets).values({ tenantSlug: "beta", name: "ga4ApiSecret", value: (await stored("alpha", "ga4ApiSecret"))!, updatedBy: "attacker" });
      expect(await readEventSecrets(h.db, "beta", keyed(KEY))).toEqual({ values: {}, unreadable: { ga4ApiSecret: "it does not open with this key (another key, another row's value, or altered)" } });
    } finally {
      errors.mockRestore();
    }
  });

  it("without a key, a secret is refused with the reason (503) and nothing is stored", async (ctx) => {
    need(ctx);
    await h.db.delete(siteSecrets).where(eq(siteSecrets.tenantSlug, "beta"));
    const refused = await setEventSecret(h.db, "beta", "ga4ApiSecret", "ga4-secret-0002", "staff@forecourt.test", noKey).catch((e: Error & { status?: number }) => e);
    expect(refused).toMatchObject({ status: 503, message: `The secret cannot be stored: ${KEY_REQUIRED}` });
    expect(await stored("beta", "ga4ApiSecret")).toBeUndefined();
  });
});
