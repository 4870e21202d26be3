/**
 * The database: how it is opened (open.ts), and the process's one handle (getDb), kept by the
 * process's services (server/root/services.ts).
 */
import type { DbHandle } from "./open";
import { services } from "../root/services";

export * from "./open";

/** The process's one database handle, opened on first use. */
export function getDb(): Promise<DbHandle> {
  return services().db();
}
