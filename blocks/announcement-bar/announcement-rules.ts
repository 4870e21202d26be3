import { expiredScript, scriptLiteral as js, shortHash } from "../_shared/schedule";

/** Per dealer, per bar and per message: editing the message shows the bar again. */
export function announcementStorageKey(tenantSlug: string, blockId: string, message: string): string {
  return `forecourt:announcement-dismissed:${tenantSlug}:${blockId}:${shortHash(message)}`;
}

export const announcementElementId = (blockId: string) => `fc-announcement-${blockId}`;

/**
 * Runs in the HTML right after the bar, before first paint, so a dismissed bar never flashes or
 * shifts the page, and a cached page does not keep showing a bar past its expiry (an unreadable
 * expiry counts as passed, as in isExpired).
 */
export function hideBarScript(opts: { elementId: string; storageKey?: string; expiry?: string }): string {
  const checks = [
    opts.expiry ? `if(${expiredScript(opts.expiry)}){b.hidden=true;return}` : "",
    opts.storageKey ? `try{if(localStorage.getItem(${js(opts.storageKey)}))b.hidden=true}catch(e){}` : "",
  ].join("");
  return `(function(){var b=document.getElementById(${js(opts.elementId)});if(!b)return;${checks}})()`;
}
