/**
 * Where everything every instance must see is kept: the picture library (uploads/{site}/…), the
 * generated vehicle pictures (media/vehicles/…) and the trade-in photos (trade-in/{site}/…). One
 * interface, two back-ends, chosen by the environment at each call (so a test may switch):
 * - the local folder DATA_DIR (default; one instance), at the same paths as before (./storage-local.ts);
 * - S3-compatible object storage when S3_BUCKET is set (./storage-s3.ts; S3_ENDPOINT for a non-AWS
 *   server, path-style; S3_REGION, default us-east-1; S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).
 * Browsers never talk to the store: the app serves what it holds (server/inventory/http.ts).
 *
 * Keys are checked before any back-end sees them: "/"-separated segments of letters, digits, ".",
 * "_" and "-", none empty or starting with "." (so no "..", no absolute path, no "\" or ":"), each at
 * most 200 characters and the key at most MAX_KEY. A bad key is a 400; a store that does not answer is a 503, never a 500.
 */
import { defineService, services } from "../root/services";
import { LocalStorage } from "./storage-local";
import { S3Storage, s3SettingsFromEnv } from "./storage-s3";
import type { MediaStorage } from "./storage-keys";

export { BAD_KEY, checkKey, contentHashName, isKey, MAX_KEY, STORAGE_DOWN, StorageUnavailableError, type MediaStorage } from "./storage-keys";

/** The process's S3 clients, one per set of settings (a test may change them); their sockets close with the services. */
export const s3Clients = defineService("media-s3-clients", () => new Map<string, S3Storage>(), {
  close: (clients) => {
    for (const client of clients.values()) client.close();
    clients.clear();
  },
});

/** Which store the environment names, for /api/health: "s3" (S3_BUCKET set) or "local folder". */
export const mediaBackend = () => (s3SettingsFromEnv() ? "s3" : "local folder");

/** The store the environment names: S3 when S3_BUCKET is set, else the DATA_DIR folder. */
export function mediaStorage(): MediaStorage {
  const s3 = s3SettingsFromEnv();
  if (!s3) return new LocalStorage();
  const clients = services().get(s3Clients);
  const id = JSON.stringify(s3);
  let store = clients.get(id);
  if (!store) clients.set(id, (store = new S3Storage(s3)));
  return store;
}
