/**
 * The database: how it is opened (open.ts), and the process's one handle (getDb), kept by the
 * process's services (server/root/services.ts).
 */
import { openDb, type DbHandle } from "./open";
import { defineService, services } from "../root/services";

export * from "./open";

/** The process's database: DATABASE_URL, else PGlite in DATA_DIR (a test gives its own). */
export const database = defineService<Promise<DbHandle>>("db", () => openDb());

/** The process's one database handle, opened on first use. */
export async function getDb(): Promise<DbHandle> {
  return services().get(database);
}
