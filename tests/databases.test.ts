import { afterEach, describe, expect, it, vi } from "vitest";
import { tmpdir } from "node:os";
import { inCi, noPostgresServer, postgresDatabase, scratchDir } from "./databases";

// Port 1: nothing listens there, so the connection is refused at once.
const CLOSED = "postgres://postgres@127.0.0.1:1/postgres";

describe("a missing PostgreSQL server", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("fails the run in CI, naming the address", async () => {
    vi.stubEnv("CI", "true");
    await expect(postgresDatabase(CLOSED)).rejects.toThrow(/^PostgreSQL tests cannot run in CI: no PostgreSQL server answers at postgres:\/\/postgres@127\.0\.0\.1:1\/postgres \(/);
  });

  it("skips the PostgreSQL tests elsewhere, with the reason printed", async () => {
    vi.stubEnv("CI", "");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await expect(postgresDatabase(CLOSED)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL tests skipped: no PostgreSQL server answers at postgres:\/\/postgres@127\.0\.0\.1:1\/postgres \(/));
  });

  it("reads CI as most CI services set it", () => {
    for (const on of ["true", "1", "yes"]) expect(inCi({ CI: on }), on).toBe(true);
    for (const off of [undefined, "", "0", "false", "FALSE"]) expect(inCi({ CI: off }), String(off)).toBe(false);
    expect(() => noPostgresServer(CLOSED, new Error("refused"), { CI: "true" })).toThrow("Start one, or point TEST_DATABASE_URL at one.");
  });
});

describe("where the PGlite test databases go", () => {
  it("memory (/dev/shm) when it has a gigabyte free, else the system's temp folder", () => {
    const free = (bytes: number) => () => ({ bavail: bytes / 4096, bsize: 4096 });
    expect(scratchDir("/dev/shm", free(2 ** 31))).toBe("/dev/shm");
    expect(scratchDir("/dev/shm", free(64 * 2 ** 20))).toBe(tmpdir()); // a container's default /dev/shm
    expect(scratchDir("/no/such/folder")).toBe(tmpdir());
  });
});
