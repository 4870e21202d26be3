import { CONSENT_CHOICE_ATTR } from "./standard-analytics";

/** The function the inline script leaves on `window`: hands the held taps to the hydrated page, once. */
export const RELEASE_TAPS = "__fcReleaseTaps";

/** What a held tap may land on: controls whose only action is the page's script. */
const HELD = "button,[role=button],input[type=checkbox],input[type=radio]";
/** Controls the browser or an inline script already serves before hydration: left to them. */
const NATIVE = `[commandfor],[popovertarget],form[method=dialog] *,[${CONSENT_CHOICE_ATTR}]`;

/**
 * An early event contract (as jsaction's or Qwik's), run in the head before anything is painted.
 * Until the page's content has hydrated, a click on a button, a checkbox or a radio is held — its
 * default stopped, React not told — and given again (`click()`, in order, once each) when it has.
 * React itself drops a click that lands before its root hydrates, or on a boundary that cannot
 * hydrate at once (a chunk still loading); a visitor's first tap on a slow phone was lost. Links,
 * typing and controls served natively are untouched. Should the scripts never hydrate, the taps
 * are let go 10 s after the load event, so a form still submits natively.
 */
export const EARLY_TAPS_SCRIPT =
  `(function(){var q=[],on=true;` +
  `function h(e){var b=on&&e.target&&e.target.closest&&e.target.closest(${JSON.stringify(HELD)});` +
  `if(!b||b.disabled||b.closest(${JSON.stringify(NATIVE)}))return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(b)<0)q.push(b)}` +
  `addEventListener("click",h,true);` +
  `window.${RELEASE_TAPS}=function(){if(!on)return;on=false;removeEventListener("click",h,true);` +
  `q.splice(0).forEach(function(b){if(b.isConnected)b.click()})};` +
  `addEventListener("load",function(){setTimeout(window.${RELEASE_TAPS},1e4)})})()`;

/** Called once the content has hydrated: the taps held until now are handled. */
export function releaseEarlyTaps() {
  (window as unknown as Record<string, (() => void) | undefined>)[RELEASE_TAPS]?.();
}
