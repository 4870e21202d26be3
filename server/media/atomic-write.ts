import { randomBytes } from "node:crypto";
import { rename, unlink, writeFile } from "node:fs/promises";

/**
 * Writes `data` to `path` through a temporary file of its own (pid + random, so concurrent writers
 * never share one) and renames it into place. rename() replaces atomically, so readers see the old
 * file or the whole new one; concurrent writers of the same content-addressed file all succeed.
 */
export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(8).toString("hex")}.tmp`;
  try {
    await writeFile(tmp, data, { flag: "wx" });
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => {});
    throw e;
  }
}
