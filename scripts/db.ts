/** The database a command-line script works on: opened (a clear message and exit 1 while a server holds PGlite's folder) and migrated. */
import { DatabaseInUseError, migrate, openDb, type DbHandle } from "../server/db";

export async function openScriptDb(): Promise<DbHandle> {
  let handle: DbHandle;
  try {
    handle = await openDb();
  } catch (e) {
    if (e instanceof DatabaseInUseError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  await migrate(handle);
  return handle;
}
