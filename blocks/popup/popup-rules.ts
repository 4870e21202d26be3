import { CONSENT_ASK_ATTR } from "../../domain/consent";
import { expiredScript, isExpired, scriptLiteral as js } from "../_shared/schedule";

/** One key per dealer: a visitor who dismissed this dealer's popup is not shown it again. */
export const popupStorageKey = (tenantSlug: string) => `forecourt:popup-dismissed:${tenantSlug}`;

/**
 * Opens unless this dealer's popup was dismissed in this browser, it has expired, or the page spares
 * phones (sparesPhones) and the screen is a phone's (`sparedPhone`).
 */
export function shouldOpenPopup(args: { dismissed: string | null; expiry?: string; now: Date; sparedPhone?: boolean }): boolean {
  return !args.dismissed && !args.sparedPhone && !isExpired(args.expiry, args.now);
}

/** The blocks whose form is what a visitor came to the page for (a lead, a trade-in, a booking, a sign-in). */
export const FORM_BLOCKS: ReadonlySet<string> = new Set(["enquiry-form", "hero-lead-form", "trade-in-wizard", "service-booking", "sign-in"]);

/** Phone widths: below the sites' 720 px breakpoint, where a popup fills the screen. */
export const PHONE_MEDIA = "(max-width: 719.98px)";

/**
 * Whether the popup must stay closed on a phone on this page: a car's page (and its checkout), or a
 * page with a form the visitor came for. There it would cover what the visitor opened the page for.
 */
export function sparesPhones(ctx: { vehicle: unknown; path: string; page: { blocks: { type: string }[] } }): boolean {
  return ctx.vehicle != null || /^\/cars\//.test(ctx.path) || /^\/checkout-journey(\/|$)/.test(ctx.path) || ctx.page.blocks.some((b) => FORM_BLOCKS.has(b.type));
}

export const popupElementId = (blockId: string) => `fc-popup-${blockId}`;

/**
 * Runs in the HTML right after the dialog: opens it while the page is still loading (it "starts
 * open"), not after the scripts, unless this dealer's popup was dismissed here or has expired (an
 * unreadable expiry counts as passed, as in isExpired) or, where it spares phones (sparesPhones), the
 * screen is a phone's; and loads its picture at once. While the site's consent banner asks
 * (CONSENT_ASK_ATTR on <html>), it waits for the visitor's choice and opens then: a modal popup would
 * leave the banner showing but inert, and a tap on its buttons would only close the popup. A close
 * before the scripts run is remembered too.
 */
export function openPopupScript(opts: { elementId: string; storageKey: string; expiry?: string; sparePhones?: boolean }): string {
  const key = js(opts.storageKey);
  const ask = js(CONSENT_ASK_ATTR);
  return (
    `(function(){var d=document.getElementById(${js(opts.elementId)});if(!d||d.open||!d.showModal)return;` +
    (opts.sparePhones ? `if(window.matchMedia&&matchMedia(${js(PHONE_MEDIA)}).matches)return;` : "") +
    (opts.expiry ? `if(${expiredScript(opts.expiry)})return;` : "") +
    `function gone(){try{return!!localStorage.getItem(${key})}catch(e){return false}}if(gone())return;` +
    `d.addEventListener("close",function(){try{localStorage.setItem(${key},new Date().toISOString())}catch(e){}});` +
    // Its picture is lazy (a visitor who closed the popup never downloads it); shown now, it loads now.
    `function open(){if(d.open||gone())return;var i=d.querySelector("img[loading=lazy]");if(i)i.loading="eager";try{d.showModal()}catch(e){}}` +
    `var h=document.documentElement;if(!h.hasAttribute(${ask})||!window.MutationObserver)return open();` +
    `new MutationObserver(function(m,o){if(!h.hasAttribute(${ask})){o.disconnect();open()}}).observe(h,{attributes:true,attributeFilter:[${ask}]})})()`
  );
}
