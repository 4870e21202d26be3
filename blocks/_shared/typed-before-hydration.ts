import { useLayoutEffect, type RefObject } from "react";

export type FormField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const UNTYPED = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

/** Whether a visitor changed a field from what the server rendered. A radio counts only when it is the one now chosen. */
function changed(el: FormField): boolean {
  if (el instanceof HTMLSelectElement) {
    const initial = Array.from(el.options).find((o) => o.defaultSelected) ?? el.options[0];
    return el.value !== (initial?.value ?? "");
  }
  if (el instanceof HTMLInputElement) {
    if (el.type === "radio") return el.checked && !el.defaultChecked;
    if (el.type === "checkbox") return el.checked !== el.defaultChecked;
    if (UNTYPED.has(el.type)) return false;
  }
  return el.value !== el.defaultValue;
}

/**
 * Hands `adopt` each field under `root` (or `root` itself) that a visitor changed before React hydrated
 * it, once, in the commit that hydrates it. React leaves what was typed on the page but keeps a controlled
 * field's state at the server's value, so without this a form acts on the old value: the trade-in wizard
 * said a typed registration was required, and the next render would have blanked it. A field rendered in
 * the browser (not hydrated) has its value and default alike, so nothing is adopted there.
 */
export function useTypedBeforeHydration(root: RefObject<HTMLElement | null>, adopt: (field: FormField) => void) {
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const fields = el.matches("input, select, textarea") ? [el as FormField] : Array.from(el.querySelectorAll<FormField>("input, select, textarea"));
    for (const field of fields) if (changed(field)) adopt(field);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, in the commit that hydrates the fields
  }, []);
}
