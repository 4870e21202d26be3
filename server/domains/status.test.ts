import { createSocket, type Socket } from "node:dgram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import { ADMIN_HOST, adminSignIn, seedAdminSites } from "../../tests/fixtures/admin-sites";
import { publishableTenant } from "../../tests/fixtures/tenant";
import { database, type DbHandle } from "../db";
import { Services, useServices } from "../root/services";
import { saveDraft } from "../tenants/store";
import { domainSettings, pointsHere, resolverFor, type DomainSettings } from "./checks";
import { domainStatusRoute } from "./http";
import { NOT_PUBLISHED } from "./status";

/** A DNS server on 127.0.0.1:4320 (UDP) that knows a few names; others are NXDOMAIN, broken.test fails (SERVFAIL). */
const RECORDS: Record<string, { a?: string[]; aaaa?: string[] }> = {
  "here.alpha.test": { a: ["203.0.113.10"] },
  "www.alpha.test": { a: ["203.0.113.10"], aaaa: ["2001:db8::10"] },
  "elsewhere.alpha.test": { a: ["198.51.100.7"] },
  "both.alpha.test": { a: ["203.0.113.10", "198.51.100.7"] },
};
function dnsAnswer(query: Buffer): Buffer {
  let at = 12;
  const labels: string[] = [];
  while (query[at]) labels.push(query.subarray(at + 1, (at += query[at] + 1)).toString("latin1"));
  const type = query.readUInt16BE(at + 1);
  const question = query.subarray(12, at + 5);
  const name = labels.join(".").toLowerCase();
  const rcode = name === "broken.test" ? 2 : RECORDS[name] ? 0 : 3;
  const values = (type === 1 ? RECORDS[name]?.a : type === 28 ? RECORDS[name]?.aaaa : undefined) ?? [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(0x8180 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values.length, 6);
  const answers = values.map((v) => {
    const rdata = type === 1 ? Buffer.from(v.split(".").map(Number)) : Buffer.from(expandV6(v), "hex");
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0);
    rr.writeUInt16BE(type, 2);
    rr.writeUInt16BE(1, 4);
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, question, ...answers]);
}
const expandV6 = (v: string) => {
  const [l, r = ""] = v.split("::");
  const [left, right] = [l ? l.split(":") : [], r ? r.split(":") : []];
  return [...left, ...Array(8 - left.length - right.length).fill("0"), ...right].map((g) => g.padStart(4, "0")).join("");
};

let dns: Socket;
const resolve = resolverFor(["127.0.0.1:4320"]);
const ours: DomainSettings = { publicAddresses: ["203.0.113.10", "2001:db8::10"], tlsProxy: null };

beforeAll(async () => {
  dns = createSocket("udp4");
  dns.on("message", (msg, from) => dns.send(dnsAnswer(msg), from.port, from.address));
  await new Promise<void>((r) => dns.bind(4320, "127.0.0.1", r));
});
afterAll(() => new Promise<void>((r) => dns.close(() => r())));

describe("points here: the name's A and AAAA records against PUBLIC_ADDRESSES", () => {
  it("says what is wrong, naming the other addresses", async () => {
    expect(await pointsHere("here.alpha.test", ours, resolve)).toEqual({ ok: true, text: "Points here." });
    expect(await pointsHere("www.alpha.test", ours, resolve)).toEqual({ ok: true, text: "Points here." });
    expect(await pointsHere("elsewhere.alpha.test", ours, resolve)).toEqual({ ok: false, text: "Points elsewhere: 198.51.100.7." });
    expect(await pointsHere("both.alpha.test", ours, resolve)).toEqual({ ok: false, text: "Points here and elsewhere too: 198.51.100.7." });
    expect(await pointsHere("nowhere.alpha.test", ours, resolve)).toEqual({ ok: false, text: "Does not resolve." });
    expect(await pointsHere("broken.test", ours, resolve)).toEqual({ ok: false, text: "Could not be looked up (ESERVFAIL)." });
  });

  it("is not checked without PUBLIC_ADDRESSES, or with an entry that is not an IP", async () => {
    expect(await pointsHere("here.alpha.test", domainSettings({}), resolve)).toEqual({ ok: null, text: "Not checked: this platform's public addresses are not configured." });
    expect((await pointsHere("here.alpha.test", domainSettings({ PUBLIC_ADDRESSES: "203.0.113.10, example.com" }), resolve)).text).toBe(
      "Not checked: this platform's public addresses are set wrongly (“example.com” is not an IP address).",
    );
  });
});

describe("domainSettings reads the environment", () => {
  it("addresses in canonical form, the proxy as host and port, a bad value as its error", () => {
    expect(domainSettings({ PUBLIC_ADDRESSES: " 203.0.113.10,2001:DB8::10,::ffff:198.51.100.1 ", TLS_PROXY_ADDRESS: "127.0.0.1:443" })).toEqual({
      publicAddresses: ["203.0.113.10", "2001:db8::10", "198.51.100.1"],
      tlsProxy: { host: "127.0.0.1", port: 443 },
      ca: undefined,
    });
    expect(domainSettings({ TLS_PROXY_ADDRESS: "[::1]:8443" }).tlsProxy).toEqual({ host: "::1", port: 8443 });
    for (const bad of ["127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", "a:b:443"]) {
      expect(domainSettings({ TLS_PROXY_ADDRESS: bad }).tlsProxy, bad).toEqual({ error: "the address of this platform's HTTPS server is set wrongly (it needs a host and port, like 127.0.0.1:443)." });
    }
    expect(domainSettings({ TLS_PROXY_ADDRESS: "127.0.0.1:443", TLS_PROXY_CA_FILE: "/nonexistent/root.crt" }).tlsProxy).toEqual({ error: "the certificate authority file of this platform's HTTPS server cannot be read (ENOENT)." });
  });
});

describe("GET /api/admin/tenants/{slug}/domains", () => {
  let tdb: TestDatabase;
  let h: DbHandle;
  let previous: Services;
  let dealer = "";
  const route = domainStatusRoute({ settings: ours, resolve, handle: async () => h });
  const call = async (slug: string, cookie: string, host = ADMIN_HOST) => {
    const res = await route(new Request(`http://${host}/api/admin/tenants/${slug}/domains`, { headers: { host, cookie: `fc_admin=${cookie}` } }), { params: Promise.resolve({ slug }) });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    tdb = pgliteDatabase();
    h = await tdb.open();
    previous = useServices(new Services().with(database, h));
    await seedAdminSites(h); // alpha (www.alpha.test) and beta published; dealer@ may edit alpha
    const draft = publishableTenant("alpha", "Alpha Motors", 1);
    draft.identity.domains = ["www.alpha.test", "elsewhere.alpha.test"];
    await saveDraft(h.db, "alpha", draft, { actor: "staff" });
    dealer = await adminSignIn(h, "dealer@test.example", "dealer-password-1");
  });
  afterAll(async () => {
    useServices(previous);
    await h.close();
    await tdb.cleanup();
  });

  it("lists the draft's domains with where each points and whether it is published", async () => {
    const { status, body } = await call("alpha", dealer);
    expect(status).toBe(200);
    expect(body.domains).toEqual([
      { domain: "www.alpha.test", published: true, pointsHere: { ok: true, text: "Points here." }, certificate: { ok: null, text: "Not checked: this platform's HTTPS server is not configured for checking certificates." } },
      { domain: "elsewhere.alpha.test", published: false, pointsHere: { ok: false, text: "Points elsewhere: 198.51.100.7." }, certificate: NOT_PUBLISHED },
    ]);
    expect(Date.parse(body.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses another dealer's site (403), a signed-out caller (401) and a dealer's host (404)", async () => {
    expect(await call("beta", dealer)).toEqual({ status: 403, body: { message: "You do not have access to this site." } });
    expect((await call("alpha", "not-a-session")).status).toBe(401);
    expect((await call("alpha", dealer, "www.alpha.test")).status).toBe(404);
  });
});
