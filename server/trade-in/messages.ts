/** The trade-in API's messages and limits (server/trade-in/http.ts answers with them; the tests read them). */
import { inMinutes } from "../http/challenge";

export const TRADE_IN_OFF = "Trade-in offers are not available on this site.";
export const ALREADY_SENT = "Your details have already been sent to our buying team.";
export const EVALUATION_NOT_FOUND = "There is no such trade-in evaluation. Please start again from Step One.";

/** Registration lookups and uploads a client (and a whole site) may make: each lookup stores an evaluation and asks the provider. */
export const TRADE_IN_LIMITS = {
  perClient: { limit: 30, windowMs: 10 * 60_000 },
  perNetwork: { limit: 90, windowMs: 10 * 60_000 },
  perSite: { limit: 2_000, windowMs: 60 * 60_000 },
};

/**
 * Bytes of pictures stored (after re-encoding; a HEIC as sent): per evaluation for good, and per
 * client (IPv4 address, IPv6 /64), network (IPv4 /24, IPv6 /48) and site in an hour, in the shared
 * limiter (Redis with REDIS_URL). A shopper sends up to 10 phone photos, well under 1 MB each once
 * re-encoded (a HEIC 1–4 MB): 50 MB is 10 of the largest HEIC allowed and more.
 */
export const TRADE_IN_UPLOAD_BYTES = {
  perEvaluation: 50_000_000,
  perClient: { limit: 100_000_000, windowMs: 60 * 60_000 },
  perNetwork: { limit: 300_000_000, windowMs: 60 * 60_000 },
  perSite: { limit: 2_000_000_000, windowMs: 60 * 60_000 },
};
export const EVALUATION_BYTES_MESSAGE = "The pictures of one car may add up to 50 MB, and this one would go over, so it was not added. Remove it to continue; the pictures already uploaded are kept.";
/** The 429's message when the client's, the network's or the site's hour of picture bytes is spent. */
export function uploadBudgetMessage(which: "client" | "network" | "site", retryAfterS: number): string {
  const then = `Please try again in ${inMinutes(retryAfterS)}, or remove this picture to continue without it.`;
  if (which === "client") return `Pictures sent from your connection may add up to 100 MB an hour, and this one would go over. ${then}`;
  if (which === "network") return `Pictures sent from your network may add up to 300 MB an hour, and this one would go over. ${then}`;
  return `This site is receiving more pictures than it can take right now. ${then}`;
}

