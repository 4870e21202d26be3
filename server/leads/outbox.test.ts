import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { leadDeliveries } from "../db/schema";
import { recentDeliveries, replayDead } from "./admin";
import { backoffMs, OutboxWorker, postAdf, smtpSender, type Senders } from "./outbox";
import { demoSite, deps, fakeCrm, post, validLead } from "./test-helpers";

describe.each(backends)("lead outbox on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  const crm = fakeCrm();
  // The fake CRM listens on 127.0.0.1, which the fetch guard refuses unless told otherwise.
  const localAdf: Senders["adf"] = (url, xml, o) => postAdf(url, xml, { ...o, allowPrivate: true });
  const noEmail: Senders = { email: null, adf: localAdf };
  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await crm.listen();
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
    await crm.close();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };
  const store = async (over: Record<string, unknown> = {}) => {
    const res = await post(deps(h, demoSite(crm.url())), validLead(over));
    expect(res.status).toBe(200);
    return (await res.json()).lead_id as string;
  };
  const rowsOf = (leadId: string) => h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));

  it("delivers what an earlier process stored but never sent (killed before delivery), once a new worker starts", async (ctx) => {
    need(ctx);
    crm.state.accepted.length = 0;
    const leadId = await store({ fields: { ...validLead().fields, first_name: "Grace" } });
    expect((await rowsOf(leadId)).map((r) => r.status)).toEqual(["pending", "pending"]);
    // The process "dies": its database handle goes away without any delivery having run.
    await h.close();
    h = await tdb!.open();
    const worker = new OutboxWorker(h.db, { senders: noEmail, pollMs: 50 }).start();
    await expect.poll(async () => (await rowsOf(leadId)).map((r) => `${r.channel}:${r.status}`).sort(), { timeout: 5000 }).toEqual(["adf:sent", "email:kept"]);
    await worker.stop();
    expect(crm.state.accepted.filter((x) => x.includes("Grace"))).toHaveLength(1);
    const email = (await rowsOf(leadId)).find((r) => r.channel === "email")!;
    expect(email.body).toContain("Name: Grace Lovelace");
    expect((await recentDeliveries(h.db, { leadId, statuses: ["kept"] }))[0].subject).toMatch(/Vehicle Enquiry — Grace Lovelace/);
  });

  it("retries with back-off while the CRM is down, delivers once it is back, and counts the attempts", async (ctx) => {
    need(ctx);
    crm.state.accepted.length = 0;
    crm.state.down = 3;
    const leadId = await store({ fields: { ...validLead().fields, first_name: "Retry" } });
    const worker = new OutboxWorker(h.db, { senders: noEmail, baseDelayMs: 20 });
    const results = [];
    for (let i = 0; i < 50 && (await rowsOf(leadId)).some((r) => r.status === "pending"); i++) {
      results.push(await worker.runOnce());
      await new Promise((r) => setTimeout(r, 25));
    }
    const adf = (await rowsOf(leadId)).find((r) => r.channel === "adf")!;
    expect(adf.status).toBe("sent");
    expect(adf.attempts).toBe(4);
    expect(adf.lastError).toBeNull();
    expect(crm.state.accepted.filter((x) => x.includes("Retry"))).toHaveLength(1);
    expect(results.reduce((n, r) => n + r.failed, 0)).toBe(3);
  });

  it("waits 30 s × 2^(n-1) (at most an hour) after the n-th failure, and goes dead after 8", async (ctx) => {
    need(ctx);
    expect([1, 2, 3, 8, 20].map((n) => backoffMs(n))).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
    crm.state.down = 1;
    const leadId = await store();
    const before = Date.now();
    await new OutboxWorker(h.db, { senders: noEmail }).runOnce();
    const adf = (await rowsOf(leadId)).find((r) => r.channel === "adf")!;
    expect(adf).toMatchObject({ status: "pending", attempts: 1, lastError: "the CRM answered HTTP 503" });
    const wait = adf.nextAttemptAt.getTime() - before;
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(40_000);
    await h.db.update(leadDeliveries).set({ status: "sent" }).where(eq(leadDeliveries.id, adf.id)); // out of the way
    crm.state.down = 0;
  });

  it("makes a delivery dead after the last attempt, and leads:replay puts it back to be delivered", async (ctx) => {
    need(ctx);
    crm.state.down = 1000;
    const leadId = await store({ fields: { ...validLead().fields, first_name: "Dead" } });
    const worker = new OutboxWorker(h.db, { senders: noEmail, baseDelayMs: 1, maxAttempts: 8, log: () => {} });
    for (let i = 0; i < 40 && (await rowsOf(leadId)).some((r) => r.status === "pending"); i++) {
      await worker.runOnce();
      await new Promise((r) => setTimeout(r, 5));
    }
    const dead = (await rowsOf(leadId)).find((r) => r.channel === "adf")!;
    expect(dead).toMatchObject({ status: "dead", attempts: 8, lastError: "the CRM answered HTTP 503" });
    crm.state.down = 0;
    crm.state.accepted.length = 0;
    const replayed = await replayDead(h.db, leadId);
    expect(replayed.map((r) => r.id)).toEqual([dead.id]);
    expect((await rowsOf(leadId)).find((r) => r.channel === "adf")).toMatchObject({ status: "pending", attempts: 0 });
    expect(await replayDead(h.db, leadId)).toEqual([]);
    await worker.runOnce();
    expect((await rowsOf(leadId)).find((r) => r.channel === "adf")).toMatchObject({ status: "sent", attempts: 1 });
    expect(crm.state.accepted.filter((x) => x.includes("Dead"))).toHaveLength(1);
  });

  it("sends each delivery once when two workers (two server processes) run at the same time", async (ctx) => {
    need(ctx);
    crm.state.accepted.length = 0;
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => store({ subcategory: `pair-${i}` })));
    let emails = 0;
    const senders: Senders = { email: async () => void emails++, adf: localAdf };
    await Promise.all([new OutboxWorker(h.db, { senders, batchSize: 5, perUrl: 4 }).runOnce(), new OutboxWorker(h.db, { senders, batchSize: 5, perUrl: 4 }).runOnce()]);
    expect(crm.state.accepted.length).toBe(40);
    expect(emails).toBe(40);
    for (const id of ids) expect((await rowsOf(id)).every((r) => r.status === "sent")).toBe(true);
  });

  const storeTo = async (crmUrl: string, firstName: string) => {
    const res = await post(deps(h, demoSite(crmUrl)), validLead({ fields: { ...validLead().fields, first_name: firstName } }));
    expect(res.status).toBe(200);
    return (await res.json()).lead_id as string;
  };
  const adfOf = async (leadId: string) => (await rowsOf(leadId)).find((r) => r.channel === "adf")!;
  const outOfTheWay = (ids: string[]) => Promise.all(ids.map(async (id) => h.db.update(leadDeliveries).set({ status: "sent" }).where(eq(leadDeliveries.id, (await adfOf(id)).id))));

  it("refuses a CRM on a private address (the fetch guard, no opt-in): failed attempts logged with the reason, then dead", async (ctx) => {
    need(ctx);
    crm.state.requests = 0;
    const leadId = await storeTo(crm.url(), "Refused");
    const logs: string[] = [];
    const worker = new OutboxWorker(h.db, { senders: { email: null, adf: postAdf }, baseDelayMs: 1, maxAttempts: 3, log: (m) => logs.push(m) });
    for (let i = 0; i < 20 && (await adfOf(leadId)).status === "pending"; i++) {
      await worker.runOnce();
      await new Promise((r) => setTimeout(r, 5));
    }
    const adf = await adfOf(leadId);
    expect(adf).toMatchObject({ status: "dead", attempts: 3, lastError: "refused: 127.0.0.1 is a loopback address" });
    expect(crm.state.requests).toBe(0);
    const refusal = `adf delivery ${adf.id} of lead ${leadId} to ${crm.url()}: refused: 127.0.0.1 is a loopback address`;
    expect(logs).toEqual([refusal, refusal, refusal, `adf delivery ${adf.id} of lead ${leadId} is dead after 3 attempts: refused: 127.0.0.1 is a loopback address`]);
  });

  it("delivers to a CRM that answers at once while another tenant's CRM never answers (at most perDestination of its rows held)", async (ctx) => {
    need(ctx);
    // A CRM that takes the request and never answers.
    const hanging = { requests: 0 };
    const slow: Server = createServer(() => void hanging.requests++);
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/adf`;
    const slowIds = [await storeTo(slowUrl, "Slow1"), await storeTo(slowUrl, "Slow2"), await storeTo(slowUrl, "Slow3")];
    const timeoutMs = 3000;
    const worker = new OutboxWorker(h.db, { senders: noEmail, timeoutMs, perDestination: 2, pollMs: 50, log: () => {} }).start();
    try {
      await expect.poll(() => hanging.requests, { timeout: 2000 }).toBe(2);
      const started = Date.now();
      crm.state.accepted.length = 0;
      const fastId = await storeTo(crm.url(), "Fast");
      worker.kick();
      await expect.poll(async () => (await adfOf(fastId)).status, { timeout: timeoutMs }).toBe("sent");
      expect(crm.state.accepted.filter((x) => x.includes("Fast"))).toHaveLength(1);
      // Delivered while the slow CRM's rows are still in flight: none has timed out yet.
      const slowRows = await Promise.all(slowIds.map(adfOf));
      expect(Date.now() - started).toBeLessThan(timeoutMs);
      expect(slowRows.map((r) => [r.status, r.attempts])).toEqual([["pending", 0], ["pending", 0], ["pending", 0]]);
      // Two are in flight (leased); the third waits, unleased, for a place at its destination.
      expect(hanging.requests).toBe(2);
      const leased = slowRows.filter((r) => r.nextAttemptAt.getTime() > Date.now() + 60_000);
      expect(leased).toHaveLength(2);
      // Past the deadline, the two held rows are failed attempts; the third waits for the URL's back-off (30 s) instead of taking their place.
      const timedOut = async () => (await Promise.all(slowIds.map(adfOf))).filter((r) => r.attempts === 1 && r.lastError === `no answer within ${timeoutMs} ms`).map((r) => r.id);
      await expect.poll(timedOut, { timeout: timeoutMs * 2 }).toEqual(leased.map((r) => r.id));
      worker.kick();
      await new Promise((r) => setTimeout(r, 300));
      expect(hanging.requests).toBe(2);
    } finally {
      await worker.stop();
      slow.closeAllConnections();
      await new Promise<void>((r) => slow.close(() => r()));
      await outOfTheWay(slowIds);
    }
  });

  it("keeps a hanging CRM URL to 2 of its host's 4 places: another URL on the same host:port is delivered meanwhile; the failing URL backs off, then goes one at a time", async (ctx) => {
    need(ctx);
    // One vendor host: /a never answers (counted), /b answers at once.
    const vendor = { a: 0, b: [] as string[] };
    const server: Server = createServer((req, res) => {
      if (req.url === "/a") return void vendor.a++;
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        vendor.b.push(body);
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const aIds: string[] = [];
    for (let i = 1; i <= 4; i++) aIds.push(await storeTo(`${base}/a`, `DealerA${i}`));
    const bIds: string[] = [];
    for (let i = 1; i <= 4; i++) bIds.push(await storeTo(`${base}/b`, `DealerB${i}`));
    // A's deliveries hang this long: B's four must go meanwhile (two rounds of the worker), which a
    // loaded CI machine once took longer than 1.5 s to do on PGlite.
    const timeoutMs = 4000;
    let clock = 1_000_000;
    // baseDelayMs 60 s: a failed row (and its URL) waits a minute of the fake clock.
    const worker = new OutboxWorker(h.db, { senders: noEmail, timeoutMs, baseDelayMs: 60_000, pollMs: 50, now: () => clock, log: () => {} }).start();
    const attemptsOf = async (ids: string[]) => (await Promise.all(ids.map(adfOf))).map((r) => `${r.status}:${r.attempts}`);
    try {
      // B's four leads are delivered while A's first two hang — before any of A's has timed out.
      await expect.poll(() => attemptsOf(bIds), { timeout: timeoutMs }).toEqual(["sent:1", "sent:1", "sent:1", "sent:1"]);
      expect(await attemptsOf(aIds)).toEqual(["pending:0", "pending:0", "pending:0", "pending:0"]);
      expect(vendor.a).toBe(2);
      expect(vendor.b.filter((x) => /DealerB\d/.test(x))).toHaveLength(4);
      // A's two time out; its URL then backs off (60 s × 2 after two time-outs in a row): A3 and A4 are not
      // sent, while B's next lead is.
      await expect.poll(() => attemptsOf(aIds), { timeout: timeoutMs * 3 }).toEqual(["pending:1", "pending:1", "pending:0", "pending:0"]);
      const b5 = await storeTo(`${base}/b`, "DealerB5");
      worker.kick();
      await expect.poll(async () => (await adfOf(b5)).status, { timeout: 2000 }).toBe("sent");
      await new Promise((r) => setTimeout(r, 300));
      expect(vendor.a).toBe(2);
      expect(await attemptsOf(aIds)).toEqual(["pending:1", "pending:1", "pending:0", "pending:0"]);
      // Past the back-off, A's URL takes one delivery at a time until one is delivered.
      clock += 120_001;
      worker.kick();
      await expect.poll(() => vendor.a, { timeout: 2000 }).toBe(3);
      await new Promise((r) => setTimeout(r, 300));
      expect(vendor.a).toBe(3);
    } finally {
      await worker.stop();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await outOfTheWay(aIds);
    }
  });
});

describe("SMTP (SMTP_URL)", () => {
  let server: TcpServer;
  const received: string[] = [];
  beforeAll(async () => {
    // A minimal SMTP server: enough of RFC 5321 for one client to hand over a message.
    server = createTcpServer((socket) => {
      let data = false;
      let buffer = "";
      socket.write("220 test ESMTP\r\n");
      socket.on("data", (chunk) => {
        buffer += chunk.toString("utf8");
        for (;;) {
          if (data) {
            const end = buffer.indexOf("\r\n.\r\n");
            if (end < 0) return;
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = false;
            socket.write("250 queued\r\n");
            continue;
          }
          const eol = buffer.indexOf("\r\n");
          if (eol < 0) return;
          const line = buffer.slice(0, eol);
          buffer = buffer.slice(eol + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === "EHLO" || verb === "HELO") socket.write("250-test\r\n250 8BITMIME\r\n");
          else if (verb === "DATA") {
            data = true;
            socket.write("354 go ahead\r\n");
          } else if (verb === "QUIT") socket.end("221 bye\r\n");
          else socket.write("250 ok\r\n");
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("sends the lead e-mail through nodemailer to the dealership's address", async () => {
    const send = await smtpSender(`smtp://127.0.0.1:${(server.address() as AddressInfo).port}?ignoreTLS=true`);
    expect(send).not.toBeNull();
    await send!({ to: "leads@dealer.test", subject: "General Enquiry — Ada", text: "Name: Ada\n" });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain("To: leads@dealer.test");
    expect(received[0]).toContain("Name: Ada");
    expect(await smtpSender("")).toBeNull();
  });
});
