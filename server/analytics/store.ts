import type { Db } from "../db";
import { analyticsEvents } from "../db/schema";

/** Keeps one analytics event of a site. */
export async function recordEvent(db: Db, tenant: string, event: { id: number; label: string | null; path: string }): Promise<void> {
  await db.insert(analyticsEvents).values({ tenant, eventId: event.id, label: event.label, path: event.path });
}
