import { expiredScript, isExpired, scriptLiteral as js } from "../_shared/schedule";

/** One key per dealer: a visitor who dismissed this dealer's popup is not shown it again. */
export const popupStorageKey = (tenantSlug: string) => `forecourt:popup-dismissed:${tenantSlug}`;

/** Opens unless this dealer's popup was dismissed in this browser or it has expired. */
export function shouldOpenPopup(args: { dismissed: string | null; expiry?: string; now: Date }): boolean {
  return !args.dismissed && !isExpired(args.expiry, args.now);
}

export const popupElementId = (blockId: string) => `fc-popup-${blockId}`;

/**
 * Runs in the HTML right after the dialog: opens it while the page is still loading (it "starts
 * open"), not after the scripts, unless this dealer's popup was dismissed here or has expired (an
 * unreadable expiry counts as passed, as in isExpired), and loads its picture at once. A close
 * before the scripts run is remembered too.
 */
export function openPopupScript(opts: { elementId: string; storageKey: string; expiry?: string }): string {
  const key = js(opts.storageKey);
  return (
    `(function(){var d=document.getElementById(${js(opts.elementId)});if(!d||d.open||!d.showModal)return;` +
    (opts.expiry ? `if(${expiredScript(opts.expiry)})return;` : "") +
    `try{if(localStorage.getItem(${key}))return}catch(e){}` +
    `d.addEventListener("close",function(){try{localStorage.setItem(${key},new Date().toISOString())}catch(e){}});` +
    // Its picture is lazy (a visitor who closed the popup never downloads it); shown now, it loads now.
    `var i=d.querySelector("img[loading=lazy]");if(i)i.loading="eager";` +
    `try{d.showModal()}catch(e){}})()`
  );
}
