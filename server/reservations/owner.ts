/** Who may see and cancel a reservation: the buyer's browser (its cookie's token, or the e-mailed link's key) or the signed-in user who made it. */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { reservations } from "../db/schema";
import { challengeSecret } from "../http/challenge";
import { ownerTokenMatches } from "../http/owner-token";
import type { ReservationContext } from "./reservation";

/** Who asks to see or change a reservation: the token of their browser's cookie, their signed-in user. */
export interface ReservationOwner {
  token?: string | null;
  userId?: number | null;
}

/** The cookie that carries a reservation's buyer token (one per reservation, HttpOnly, SameSite=Lax). */
export const ownerCookieName = (id: string) => `fc_reservation_${id}`;
/** How long the buyer's browser keeps the cookie: long past any hold, so the page keeps its details. */
export const OWNER_COOKIE_MAX_AGE_S = 90 * 24 * 3600;

/**
 * The key of the link e-mailed to the buyer (their confirmation): an HMAC of the reservation's id
 * with the server's secret (server/http/challenge.ts). Opening the link puts it in that browser's
 * owner cookie, where it counts as the buyer's token — so the buyer can see and cancel the
 * reservation from another device, and the first browser's token stays valid.
 */
export const reservationLinkKey = (id: string) => createHmac("sha256", challengeSecret()).update(`reservation-link:${id}`).digest("base64url");

/** Whether `key` is the reservation's link key (constant time). */
export function linkKeyMatches(id: string, key: string | null | undefined): boolean {
  if (typeof key !== "string" || key.length !== 43) return false;
  const a = Buffer.from(key);
  const b = Buffer.from(reservationLinkKey(id));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Where the e-mailed link opens the reservation: it sets the owner cookie and goes on to the confirmation page. */
export const reservationLinkPath = (id: string) => `/api/reservations/${id}/open`;

/** Whether the asker is the reservation's buyer: their browser's token (or the e-mailed link's key), or the signed-in user who made it. */
export async function ownsReservation(ctx: Pick<ReservationContext, "db" | "tenant">, id: string, owner: ReservationOwner): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return false;
  const [row] = await ctx.db
    .select({ hash: reservations.ownerTokenHash, userId: reservations.userId })
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(reservations.site, ctx.tenant.identity.slug)));
  if (!row) return false;
  return ownerTokenMatches(row.hash, owner.token) || linkKeyMatches(id, owner.token) || (row.userId !== null && owner.userId != null && row.userId === owner.userId);
}
