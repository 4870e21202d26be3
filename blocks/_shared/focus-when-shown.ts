/**
 * A form's failure message appears after a submit, often above the form and off screen, while the
 * disabled submit button has left the focus on <body>: as it appears (a ref callback) it is focused
 * and scrolled into view, so it is seen and read out. Give the element tabIndex={-1} and role="alert";
 * field errors focus their first field instead. Used by every lead form (lead-form/messages.tsx) and
 * the trade-in wizard.
 */
export function focusWhenShown(el: HTMLElement | null): void {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: "center" });
}
