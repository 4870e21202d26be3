/**
 * The local back-end of server/media/storage.ts: a key is the path under DATA_DIR (uploads/alpha/….webp
 * is DATA_DIR/uploads/alpha/….webp, as before there was a storage interface). Writes go through a
 * temporary file and a rename (./atomic-write.ts). Deleting the last file of a folder removes the folder.
 */
import { mkdir, readdir, readFile, rmdir, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { dataDir } from "../db/open";
import { writeFileAtomic } from "./atomic-write";
import { checkKey, checkPrefix, StorageUnavailableError, type MediaStorage } from "./storage-keys";

const missing = (e: unknown) => ["ENOENT", "ENOTDIR"].includes((e as NodeJS.ErrnoException).code ?? "");

export class LocalStorage implements MediaStorage {
  readonly kind = "local" as const;
  constructor(readonly root = dataDir()) {}

  private path(key: string) {
    return join(this.root, checkKey(key));
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const file = this.path(key);
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFileAtomic(file, data);
    } catch (e) {
      throw new StorageUnavailableError(e);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.path(key);
    try {
      return await readFile(file);
    } catch (e) {
      if (missing(e) || (e as NodeJS.ErrnoException).code === "EISDIR") return null;
      throw new StorageUnavailableError(e);
    }
  }

  async delete(key: string): Promise<boolean> {
    const file = this.path(key);
    try {
      await unlink(file);
    } catch (e) {
      if (missing(e)) return false;
      throw new StorageUnavailableError(e);
    }
    await rmdir(dirname(file)).catch(() => {}); // only when empty
    return true;
  }

  async list(prefix: string): Promise<string[]> {
    const dir = join(this.root, checkPrefix(prefix));
    let entries;
    try {
      entries = await readdir(dir, { recursive: true, withFileTypes: true });
    } catch (e) {
      if (missing(e)) return [];
      throw new StorageUnavailableError(e);
    }
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith(".tmp"))
      .map((e) => join(e.parentPath, e.name).slice(this.root.length + 1).split("\\").join("/"))
      .sort();
  }
}
