import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { makeTenant } from "./fixtures/tenant";
import { backends } from "./databases";
import { adminUsers } from "../server/db/schema";
import { createTenant } from "../server/tenants/store";
import { signIn } from "../server/admin/accounts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "../server/demo/seed";
import { main } from "../scripts/admin-create-user";
import { runMain } from "./run-cli";

/** The script's main in this process (one test below launches the real command once). */
const run = (args: string[], env: Record<string, string> = {}) => runMain(main, args, { FORECOURT_ADMIN_PASSWORD: "", ...env });

describe("npm run admin:create-user as a process", () => {
  it("runs main with the command line and exits with its code", () => {
    const r = spawnSync("node_modules/.bin/tsx", ["--import", "./scripts/server-only.mjs", "scripts/admin-create-user.ts", "--email", "x@example.test", "--role", "owner", "--password", "whatever-123"], {
      encoding: "utf8",
      env: { ...process.env, FORECOURT_ADMIN_PASSWORD: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(r.stderr).toContain("Give the role with --role staff or --role dealer.");
    expect(r.stderr).toContain("usage: npm run admin:create-user");
    expect(r.stdout).toBe("");
    expect(r.status).toBe(2);
  });
});

describe.each(backends)("npm run admin:create-user on %s", (_name, make) => {
  it("creates staff and dealer accounts that can sign in, updates them, and refuses bad input", async (ctx) => {
    const tdb = await make();
    if (!tdb) return ctx.skip();
    try {
      let h = await tdb.open();
      await createTenant(h.db, makeTenant("alpha"), "seed");
      await h.close();

      const staff = await run(["--email", "Boss@Example.test", "--role", "staff", "--password", "boss-password-1"], tdb.env);
      expect(staff.stderr).toBe("");
      expect(staff.stdout.trim()).toBe("Created staff account boss@example.test (every site). Sign in at /admin/sign-in on the admin host.");
      expect(staff.status).toBe(0);

      const dealer = await run(["--email=dealer@example.test", "--role", "dealer", "--tenant", "alpha"], { ...tdb.env, FORECOURT_ADMIN_PASSWORD: "dealer-password-1" });
      expect(dealer.stdout.trim()).toBe("Created dealer account dealer@example.test (alpha). Sign in at /admin/sign-in on the admin host.");

      const updated = await run(["--email", "dealer@example.test", "--role", "dealer", "--tenant", "alpha", "--password", "dealer-password-2"], tdb.env);
      expect(updated.stdout.trim()).toMatch(/^Updated dealer account dealer@example\.test/);

      const unknownSite = await run(["--email", "x@example.test", "--role", "dealer", "--tenant", "nowhere", "--password", "dealer-password-1"], tdb.env);
      expect(unknownSite.status).toBe(1);
      expect(unknownSite.stderr).toContain('No site with slug "nowhere".');

      const noPassword = await run(["--email", "x@example.test", "--role", "staff"], tdb.env);
      expect(noPassword.status).toBe(2);
      expect(noPassword.stderr).toContain("No password: give --password, set FORECOURT_ADMIN_PASSWORD, or run it in a terminal to be asked.");

      const badRole = await run(["--email", "x@example.test", "--role", "owner", "--password", "whatever-123"], tdb.env);
      expect(badRole.status).toBe(2);
      expect(badRole.stderr).toContain("Give the role with --role staff or --role dealer.");

      const short = await run(["--email", "x@example.test", "--role", "staff", "--password", "short"], tdb.env);
      expect(short.status).toBe(1);
      expect(short.stderr).toContain("The password needs at least 10 characters.");

      h = await tdb.open();
      try {
        const rows = await h.db.select({ email: adminUsers.email, role: adminUsers.role, tenants: adminUsers.tenants }).from(adminUsers).orderBy(adminUsers.email);
        expect(rows).toEqual([
          { email: "boss@example.test", role: "staff", tenants: [] },
          { email: "dealer@example.test", role: "dealer", tenants: ["alpha"] },
        ]);
        expect((await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "t" })).ok).toBe(true);
        expect((await signIn(h.db, { email: "boss@example.test", password: "boss-password-1", ip: "t" })).ok).toBe(true);
        // The demo accounts are seeded only into a database with no accounts.
        expect(await seedDemoAccounts(h)).toEqual([]);
      } finally {
        await h.close();
      }
    } finally {
      await tdb.cleanup();
    }
  }, 120_000);

  it("seeds the demo staff and harbourline dealer accounts once", async (ctx) => {
    const tdb = await make();
    if (!tdb) return ctx.skip();
    const h = await tdb.open();
    try {
      await createTenant(h.db, makeTenant("harbourline"), "seed");
      expect(await seedDemoAccounts(h)).toEqual(["staff@forecourt.test", "dealer@harbourline.test"]);
      expect(await seedDemoAccounts(h)).toEqual([]);
      const [dealer] = await h.db.select().from(adminUsers).where(eq(adminUsers.email, "dealer@harbourline.test"));
      expect(dealer).toMatchObject({ role: "dealer", tenants: ["harbourline"] });
      for (const a of DEMO_ACCOUNTS) expect((await signIn(h.db, { email: a.email, password: a.password, ip: "t" })).ok).toBe(true);
    } finally {
      await h.close();
      await tdb.cleanup();
    }
  }, 60_000);
});
