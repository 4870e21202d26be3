/**
 * Debian's Caddy (/usr/bin/caddy) with on-demand TLS from its internal CA, asking the real ask
 * endpoint (served by a small node server on a test database): a published site's domain gets a
 * certificate on its first handshake (curl --resolve … --cacert <Caddy's root>, and the admin's
 * certificate check says so), an unlisted name gets none (the handshake fails). Ports 4310–4313.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant } from "../../tests/fixtures/tenant";
import { inCi, pgliteDatabase, type TestDatabase } from "../../tests/databases";
import { database, type DbHandle } from "../db";
import { Services, useServices } from "../root/services";
import { createTenant, publish } from "../tenants/store";
import { certificateIssued, type DomainSettings } from "./checks";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "../http/client-address";
import { tlsAskRoute } from "./http";

const CADDY = "/usr/bin/caddy";
const [UPSTREAM, ADMIN, HTTP, HTTPS] = [4310, 4311, 4312, 4313];
const LISTED = "www.alpha.test";
const UNLISTED = "www.unlisted.test";

/** The Caddyfile this test runs: the report's snippet, with the test's ports. */
export const caddyfile = (ask: string, upstream: string) => `{
	admin 127.0.0.1:${ADMIN}
	http_port ${HTTP}
	https_port ${HTTPS}
	skip_install_trust
	servers {
		strict_sni_host on
	}
	on_demand_tls {
		ask ${ask}
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy ${upstream}
}
`;

const haveCaddy = existsSync(CADDY);
if (!haveCaddy && inCi()) throw new Error(`${CADDY} is missing: apt-get install caddy (CI installs it).`);
if (!haveCaddy) console.warn(`[on-demand-tls] skipped: ${CADDY} is not installed (apt-get install caddy).`);

let tdb: TestDatabase;
let h: DbHandle;
let previous: Services;
let upstream: Server;
let caddy: ChildProcess;
let dir: string;
let caddyLog = "";
const asked: string[] = [];
const ask = tlsAskRoute();

const rootCert = () => join(dir, "data/caddy/pki/authorities/local/root.crt");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const curl = async (args: string[]) => (await promisify(execFile)("curl", ["--max-time", "10", ...args])).stdout;

beforeAll(async () => {
  if (!haveCaddy) return;
  tdb = pgliteDatabase();
  h = await tdb.open();
  previous = useServices(new Services().with(database, h));
  await createTenant(h.db, makeTenant("alpha", "Alpha Motors"), "seed"); // lists www.alpha.test
  await publish(h, "alpha", { actor: "seed" });
  // The upstream: the real ask endpoint, and a page for everything else (what Caddy proxies to).
  upstream = createServer(async (req, res) => {
    if (!req.url?.startsWith("/api/platform/tls-ask")) return void res.end(`upstream saw Host ${req.headers.host}`);
    asked.push(req.url);
    // The client address as `npm start`'s server works it out behind one trusted proxy (serving/node-server.ts).
    const headers = { ...(req.headers as Record<string, string>), [CLIENT_ADDRESS_HEADER]: resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], 1) };
    const response = await ask(new Request(`http://${req.headers.host}${req.url}`, { headers }));
    res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
  });
  await new Promise<void>((r) => upstream.listen(UPSTREAM, "127.0.0.1", r));
  dir = mkdtempSync(join(tmpdir(), "forecourt-caddy-"));
  writeFileSync(join(dir, "Caddyfile"), caddyfile(`http://127.0.0.1:${UPSTREAM}/api/platform/tls-ask`, `127.0.0.1:${UPSTREAM}`));
  caddy = spawn(CADDY, ["run", "--config", join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: join(dir, "config") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  caddy.stdout?.on("data", (d) => (caddyLog += d));
  caddy.stderr?.on("data", (d) => (caddyLog += d));
  // Ready when its admin endpoint answers and the internal CA's root is written.
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${ADMIN}/config/`).then((r) => r.ok, () => false);
    if (up && existsSync(rootCert())) break;
    if (i > 250 || caddy.exitCode !== null) throw new Error(`Caddy did not start:\n${caddyLog}`);
    await sleep(100);
  }
}, 30_000);

afterAll(async () => {
  if (!haveCaddy) return;
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((r) => caddy.once("exit", r));
    caddy.kill("SIGTERM");
    await exited;
  }
  await new Promise((r) => upstream?.close(r));
  useServices(previous);
  await h?.close();
  await tdb?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const settings = (): DomainSettings => ({ publicAddresses: null, tlsProxy: { host: "127.0.0.1", port: HTTPS }, ca: [readFileSync(rootCert(), "utf8")] });

describe.skipIf(!haveCaddy)("Caddy's on-demand TLS asks Forecourt", () => {
  it("a published site's domain gets a certificate from Caddy's CA on its first handshake and is proxied", async () => {
    const curl = await promisify(execFile)("curl", ["-sS", "--max-time", "10", "--resolve", `${LISTED}:${HTTPS}:127.0.0.1`, "--cacert", rootCert(), `https://${LISTED}:${HTTPS}/`]).catch((e) => {
      throw new Error(`${e.stderr}\n${caddyLog}`);
    });
    expect(curl.stdout).toBe(`upstream saw Host ${LISTED}:${HTTPS}`);
    expect(asked).toContain(`/api/platform/tls-ask?domain=${LISTED}`);
    expect(await certificateIssued(LISTED, settings())).toEqual({ ok: true, text: expect.stringMatching(/^Certificate issued \(valid until \d{4}-\d\d-\d\d\)\.$/) });
  }, 15_000);

  it("a visitor cannot reach the ask through it: another Host than the SNI name is refused (421), the dealer's host gets 404", async () => {
    const status = (host: string) =>
      curl(["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", `Host: ${host}`, "--resolve", `${LISTED}:${HTTPS}:127.0.0.1`, "--cacert", rootCert(), `https://${LISTED}:${HTTPS}/api/platform/tls-ask?domain=${LISTED}`]);
    expect(await status("localhost")).toBe("421");
    expect(await status("127.0.0.1")).toBe("421");
    expect(await status(LISTED)).toBe("404"); // through the proxy on a dealer's host: not the platform's
  }, 15_000);

  it("an unlisted name gets no certificate: the ask says 404 and the handshake fails", async () => {
    const check = await certificateIssued(UNLISTED, settings());
    expect(check).toEqual({ ok: false, text: expect.stringMatching(/^No certificate yet \(the TLS proxy refused the handshake: ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR\)\.$/) });
    expect(asked).toContain(`/api/platform/tls-ask?domain=${UNLISTED}`);
    const curl = await promisify(execFile)("curl", ["-sS", "--max-time", "10", "--resolve", `${UNLISTED}:${HTTPS}:127.0.0.1`, "--cacert", rootCert(), `https://${UNLISTED}:${HTTPS}/`]).then(
      () => "answered",
      (e) => String(e.stderr),
    );
    expect(curl).toMatch(/^curl: \(35\) .*internal error/);
  }, 15_000);
});
