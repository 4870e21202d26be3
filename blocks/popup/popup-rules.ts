import { isExpired } from "../_shared/schedule";

/** One key per dealer: a visitor who dismissed this dealer's popup is not shown it again. */
export const popupStorageKey = (tenantSlug: string) => `forecourt:popup-dismissed:${tenantSlug}`;

/** Opens unless this dealer's popup was dismissed in this browser or it has expired. */
export function shouldOpenPopup(args: { dismissed: string | null; expiry?: string; now: Date }): boolean {
  return !args.dismissed && !isExpired(args.expiry, args.now);
}
