/**
 * Which lead_deliveries rows the outbox worker (outbox-worker.ts) sends next: the due pending ones, each
 * claimed by pushing next_attempt_at one lease ahead, with FOR UPDATE SKIP LOCKED so that two workers
 * (processes sharing PostgreSQL) never claim one row; rows of destinations at their bound, and of CRM
 * URLs backing off, are left unclaimed. A row's destination (destinationOf) is worked out by one rule
 * here and in SQL.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { leadDeliveries } from "../db/schema";

type Row = typeof leadDeliveries.$inferSelect;

// A delivery's destination, for the per-destination bound: the CRM URL's host and port, or the SMTP server.
// The same rule in SQL (claimDue) and here: scheme, optional user info, then the authority.
const AUTHORITY = "^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#]*)";
export function destinationOf(row: Pick<Row, "channel" | "target">): string {
  if (row.channel === "ga4" || row.channel === "meta") return row.channel;
  return row.channel === "adf" ? `adf:${(new RegExp(AUTHORITY).exec(row.target ?? "")?.[1] ?? "").toLowerCase()}` : "email";
}
const destinationSql = sql`(case when ${leadDeliveries.channel} = 'adf' then 'adf:' || coalesce(lower(substring(${leadDeliveries.target} from ${AUTHORITY})), '') when ${leadDeliveries.channel} in ('ga4', 'meta') then ${leadDeliveries.channel} else 'email' end)`;

/**
 * Claims at most `limit` due rows for `leaseMs`, none of the destinations in `full` nor of the CRM URLs
 * in `blocked`; returns them in id order.
 */
export async function claimDue(db: Db, o: { limit: number; leaseMs: number; full: string[]; blocked: string[] }): Promise<Row[]> {
  const lease = sql`now() + ${o.leaseMs} * interval '1 millisecond'`;
  // Destinations and CRM URLs already at their bound (or backing off) are left for later (their rows are not leased and held).
  const full = o.full.map((d) => sql`${d}`);
  const blocked = o.blocked.map((u) => sql`${u}`);
  const notFull = sql`${full.length ? sql`and ${destinationSql} not in (${sql.join(full, sql`, `)})` : sql``} ${
    blocked.length ? sql`and (${leadDeliveries.channel} <> 'adf' or coalesce(${leadDeliveries.target}, '') not in (${sql.join(blocked, sql`, `)}))` : sql``
  }`;
  const result = await db.execute(sql`
    update ${leadDeliveries} set next_attempt_at = ${lease}
    where id in (
      select id from ${leadDeliveries}
      where status = 'pending' and next_attempt_at <= now() ${notFull}
      order by next_attempt_at, id
      limit ${o.limit}
      for update skip locked
    )
    returning id`);
  const ids = ((result as unknown as { rows?: { id: number }[] }).rows ?? (result as unknown as { id: number }[])).map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.select().from(leadDeliveries).where(inArray(leadDeliveries.id, ids)).orderBy(leadDeliveries.id);
}
