import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { once } from "./seeded-databases";

describe("a seeded template is made once per run", () => {
  const root = mkdtempSync(join(tmpdir(), "forecourt-once-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("the first caller builds it, one asking meanwhile waits for it, a later one finds it", async () => {
    const target = join(root, "made");
    let builds = 0;
    let release: () => void = () => undefined;
    const build = async (into: string) => {
      builds++;
      await new Promise<void>((r) => (release = r));
      writeFileSync(join(into, "data"), "seeded");
    };
    const first = once(target, build);
    let waited = false;
    const second = once(target, build).then(() => (waited = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(waited).toBe(false);
    release();
    await Promise.all([first, second]);
    await once(target, build);
    expect(builds).toBe(1);
    expect(readFileSync(join(target, "data"), "utf8")).toBe("seeded");
  });

  it("when building fails, the builder and those waiting get the error", async () => {
    const target = join(root, "broken");
    const first = once(target, async () => {
      await new Promise((r) => setTimeout(r, 100));
      throw new Error("seed refused");
    });
    const second = once(target, async () => undefined);
    await expect(first).rejects.toThrow("seed refused");
    await expect(second).rejects.toThrow(/seeding the template failed in another test file: Error: seed refused/);
    expect(existsSync(join(target, "ready"))).toBe(false);
  });
});
