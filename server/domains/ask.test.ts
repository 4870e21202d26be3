import { describe, expect, it } from "vitest";
import { makeTenant } from "../../tests/fixtures/tenant";
import { pgliteDatabase, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createTenant, publish, saveDraft } from "../tenants/store";
import { ASK_IP, ASK_MALFORMED, ASK_NO_DOMAIN, ASK_UNLISTED } from "./ask";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { tlsAskRoute } from "./http";

let h: DbHandle;
const route = tlsAskRoute();

const withDomains = (slug: string, domains: string[], dealershipId: number) => {
  const doc = makeTenant(slug, `${slug} Motors`, dealershipId);
  doc.identity.domains = domains;
  return doc;
};

withTestDatabase(pgliteDatabase, async (handle) => {
  h = handle;
  await createTenant(h.db, withDomains("alpha", ["www.alpha.test", "alpha.com.au"], 1), "seed");
  await publish(h, "alpha", { actor: "seed" });
  // beta lists its domain in a draft that was never published.
  await createTenant(h.db, withDomains("beta", ["www.beta.test"], 2), "seed");
  // gamma is published; its draft adds a domain not yet published.
  await createTenant(h.db, withDomains("gamma", ["www.gamma.test"], 3), "seed");
  await publish(h, "gamma", { actor: "seed" });
  await saveDraft(h.db, "gamma", withDomains("gamma", ["www.gamma.test", "new.gamma.test"], 3), { actor: "staff" });
}, { asService: true });

/** Caddy's ask as it is sent: straight to an instance on 127.0.0.1, the query as given (not re-encoded). */
async function ask(query: string, headers: Record<string, string> = { host: "127.0.0.1:4300" }) {
  const response = await route(new Request(`http://127.0.0.1:4300/api/platform/tls-ask${query}`, { headers }));
  return { status: response.status, body: await response.json(), cache: response.headers.get("cache-control") };
}

describe("the TLS ask says yes only for a domain a published site lists", () => {
  it("a published site's domains: 200 with the site, any case, never stored by a cache", async () => {
    expect(await ask("?domain=www.alpha.test")).toEqual({ status: 200, body: { domain: "www.alpha.test", site: "alpha" }, cache: "no-store" });
    expect((await ask("?domain=alpha.com.au")).body).toEqual({ domain: "alpha.com.au", site: "alpha" });
    expect((await ask("?domain=WWW.Alpha.TEST")).body).toEqual({ domain: "www.alpha.test", site: "alpha" });
  });

  it("a draft-only site, a domain only in a draft, an unlisted name, a sub- or parent domain of a listed one: 404", async () => {
    for (const name of ["www.beta.test", "new.gamma.test", "unlisted.example.com", "evil.www.alpha.test", "alpha.test", "com.au"]) {
      expect(await ask(`?domain=${name}`), name).toEqual({ status: 404, body: { message: ASK_UNLISTED }, cache: "no-store" });
    }
  });

  it("the domain a draft adds is asked for once it is published", async () => {
    await publish(h, "gamma", { actor: "staff" });
    await expect.poll(async () => (await ask("?domain=new.gamma.test")).status, { timeout: 5000 }).toBe(200);
  });

  it("development and admin hosts are never a certificate's name: 404", async () => {
    for (const name of ["alpha.localhost", "localhost", "admin.localhost"]) expect((await ask(`?domain=${name}`)).status, name).toBe(404);
  });

  it("IP addresses: 400, never a certificate", async () => {
    for (const name of ["127.0.0.1", "10.0.0.1", "::1", "%5B::1%5D", "::ffff:127.0.0.1"]) {
      expect(await ask(`?domain=${name}`), name).toEqual({ status: 400, body: { message: ASK_IP }, cache: "no-store" });
    }
  });

  it("a trailing dot, a wildcard, a disguised address or any non-hostname: 400", async () => {
    const names = ["www.alpha.test.", "www.alpha.test..", "*.alpha.test", "127.1", "0x7f.1", "a..b.test", "-a.test", "a-.test", "a b.test", "%C3%A9vil.test", "www.alpha.test%00", "www.alpha.test:443", "a_b.test", `${"a".repeat(64)}.test`, `${"a.".repeat(127)}test`];
    for (const name of names) expect(await ask(`?domain=${name}`), name).toEqual({ status: 400, body: { message: ASK_MALFORMED }, cache: "no-store" });
  });

  it("no domain, an empty one or two of them: 400", async () => {
    for (const query of ["", "?domain=", "?name=www.alpha.test", "?domain=www.alpha.test&domain=evil.test"]) {
      expect((await ask(query)).body, query).toEqual({ message: ASK_NO_DOMAIN });
    }
  });
});

describe("the TLS ask answers only Caddy: on the platform host, from inside the deployment", () => {
  const from = (client: string, host = "127.0.0.1:3000") => ({ host, [CLIENT_ADDRESS_HEADER]: client });

  it("on a tenant host, or from a visitor's address (as the proxy reports it), even with Host: localhost: 404", async () => {
    expect(await ask("?domain=www.alpha.test", { host: "www.alpha.test" })).toEqual({ status: 404, body: { message: "Not found" }, cache: "no-store" });
    expect((await ask("?domain=www.alpha.test", { host: "alpha.localhost:3000" })).status).toBe(404);
    for (const client of ["203.0.113.9", "2001:db8::9", "172.32.0.1", "192.169.0.1"]) {
      expect((await ask("?domain=www.alpha.test", from(client, "localhost"))).status, client).toBe(404);
    }
  });

  it("from loopback or a private network, on localhost, admin.localhost, an instance's IP or a one-label service name (compose's app)", async () => {
    for (const client of ["127.0.0.1", "::1", "10.0.0.5", "172.18.0.3", "192.168.1.2", "fd00::5"]) {
      expect((await ask("?domain=www.alpha.test", from(client))).status, client).toBe(200);
    }
    for (const host of ["localhost:3000", "admin.localhost", "10.1.2.3:3000", "[fd00::3]:3000", "app:3000", "forecourt-app-1"]) {
      expect((await ask("?domain=www.alpha.test", from("172.18.0.3", host))).status, host).toBe(200);
    }
  });
});
