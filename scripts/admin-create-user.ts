/**
 * npm run admin:create-user -- --email <address> --role staff|dealer [--tenant <slug>…] [--password <password>]
 *
 * Creates an admin account, or updates the password, role and sites of the account with that
 * address. A dealer names each site it may edit with --tenant (repeat it, or list several slugs
 * after one --tenant). The password comes from --password, else the FORECOURT_ADMIN_PASSWORD
 * environment variable (for scripts), else it is asked for twice on the terminal without echo.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { inArray } from "drizzle-orm";
import { openScriptDb } from "./db";
import { tenants } from "../server/db/schema";
import { AccountError, upsertAdminUser, type AdminRole } from "../server/admin/accounts";
import { MIN_PASSWORD_LENGTH } from "../server/admin/passwords";
import { consoleIo, runIfMain, type CliIo } from "./cli";

const USAGE = "usage: npm run admin:create-user -- --email <address> --role staff|dealer [--tenant <slug>…] [--password <password>]";

function parseArgs(argv: string[]) {
  const out: { email?: string; role?: string; tenants: string[]; password?: string } = { tenants: [] };
  let key: string | undefined;
  for (const arg of argv) {
    const m = /^--(email|role|tenant|password)(?:=(.*))?$/.exec(arg);
    if (m) {
      key = m[1];
      if (m[2] !== undefined) assign(key, m[2]);
      continue;
    }
    if (arg.startsWith("--") || !key) fail(`Unknown argument "${arg}".`);
    assign(key!, arg);
  }
  function assign(k: string, v: string) {
    if (k === "tenant") out.tenants.push(...v.split(",").filter(Boolean));
    else (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** Bad arguments: the message and the usage, exit 2. */
class UsageError extends Error {}
function fail(message: string): never {
  throw new UsageError(message);
}

/** Asks for a line on the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

export async function main(argv: string[], io: CliIo = consoleIo): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  let password: string | undefined;
  try {
    args = parseArgs(argv);
    if (!args.email) fail("Give the account's e-mail address with --email.");
    if (args.role !== "staff" && args.role !== "dealer") fail("Give the role with --role staff or --role dealer.");
    if (args.role === "staff" && args.tenants.length) fail("Staff may edit every site; --tenant is for dealer accounts.");
    password = args.password ?? process.env.FORECOURT_ADMIN_PASSWORD;
    if (!password && !(io.interactive ?? process.stdin.isTTY)) fail("No password: give --password, set FORECOURT_ADMIN_PASSWORD, or run it in a terminal to be asked.");
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(e.message);
    io.err(USAGE);
    return 2;
  }
  if (!password) {
    password = await askHidden(`Password for ${args.email} (at least ${MIN_PASSWORD_LENGTH} characters): `);
    if ((await askHidden("Type it again: ")) !== password) {
      io.err("The two passwords differ; nothing was changed.");
      return 1;
    }
  }

  const handle = await openScriptDb();
  try {
    if (args.tenants.length) {
      const found = new Set((await handle.db.select({ slug: tenants.slug }).from(tenants).where(inArray(tenants.slug, args.tenants))).map((r) => r.slug));
      const missing = args.tenants.filter((t) => !found.has(t));
      if (missing.length) throw new AccountError(`No site with slug ${missing.map((m) => `"${m}"`).join(", ")}.`);
    }
    const { user, created } = await upsertAdminUser(handle.db, { email: args.email!, password, role: args.role as AdminRole, tenants: args.tenants });
    const sites = user.role === "staff" ? "every site" : user.tenants.join(", ");
    io.out(`${created ? "Created" : "Updated"} ${user.role} account ${user.email} (${sites}). Sign in at /admin/sign-in on the admin host.`);
    return 0;
  } catch (e) {
    if (!(e instanceof AccountError)) throw e;
    io.err(e.message);
    return 1;
  } finally {
    await handle.close();
  }
}

runIfMain(import.meta.url, main);
