import { shortHash } from "../_shared/schedule";

/** Per dealer, per bar and per message: editing the message shows the bar again. */
export function announcementStorageKey(tenantSlug: string, blockId: string, message: string): string {
  return `forecourt:announcement-dismissed:${tenantSlug}:${blockId}:${shortHash(message)}`;
}

export const announcementElementId = (blockId: string) => `fc-announcement-${blockId}`;

/**
 * Runs in the HTML right after the bar, before first paint, so a dismissed bar never flashes
 * or shifts the page.
 */
export function hideIfDismissedScript(storageKey: string, elementId: string): string {
  // JSON strings are valid JS; "<" is escaped so the text cannot close the <script> element.
  const js = (s: string) => JSON.stringify(s).replace(/</g, "\\u003c");
  return `try{if(localStorage.getItem(${js(storageKey)}))document.getElementById(${js(elementId)}).hidden=true}catch(e){}`;
}
