/**
 * Opening the field a problem names ("Navigation › Main menu › Used cars › Goes to"): the editor opens
 * its section, page and block (use-section-form's goTo); this opens the list items on its way and,
 * once the form is drawn, brings the field into view and focuses it. Plain functions, no hooks: the
 * error list that calls it is also drawn on the server.
 */

type Path = readonly (string | number)[];

let wanted: string[] | null = null;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((l) => l());
/** How long a field is looked for once asked (the form is drawn again meanwhile). */
const LOOK_MS = 2_000;

/** A pointer's path in the form that edits it: a page's fields are under "page" in the page's form. */
export function formPath(pointer: string): string[] {
  const parts = pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  return parts[0] === "pages" && /^\d+$/.test(parts[1] ?? "") ? ["page", ...parts.slice(2)] : parts;
}

/** Whether the field asked for is at `path` (a list item's place in its form) or inside it. */
export function leadsTo(path: Path, target: readonly string[] | null = wanted): boolean {
  return !!target && path.length <= target.length && path.every((p, i) => String(p) === target[i]);
}

/** For useSyncExternalStore: the path asked for, and its changes. */
export const wantedPath = () => wanted;
export function onWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
const shown = (el: Element) => el.getClientRects().length > 0;

/** The field's element in the editor's form (ids are the form's prefix, then the path, joined by "_"), or its nearest drawn group. */
export function fieldElement(path: readonly string[], exactOnly: boolean, doc: Document = document): HTMLElement | null {
  const root = doc.querySelector("form.rjsf > .form-group > fieldset[id]");
  if (!root) return null;
  for (let n = path.length; n >= (exactOnly ? path.length : 1); n--) {
    const el = doc.getElementById([root.id, ...path.slice(0, n)].join("_"));
    if (el) return el;
  }
  return null;
}

/** Into view and focused: the element itself when it takes focus, else the first control in it; closed "Advanced" parts around it open. */
export function showField(el: HTMLElement): HTMLElement | null {
  for (let d = el.closest("details"); d; d = d.parentElement?.closest("details") ?? null) d.open = true;
  const control = [el, ...el.querySelectorAll<HTMLElement>(FOCUSABLE)].find((c) => c.matches(FOCUSABLE) && shown(c) && !(c as HTMLInputElement).disabled);
  const target = control ?? el;
  target.scrollIntoView?.({ block: "center" });
  target.focus?.({ preventScroll: true });
  return target;
}

/**
 * Asks for the field at `pointer`: the list items on its way open (they follow `wantedPath`), and the
 * field is focused once drawn (its nearest drawn group's first control if the field itself never is).
 */
export function revealField(pointer: string): void {
  const path = formPath(pointer);
  wanted = path;
  tell();
  const until = Date.now() + LOOK_MS;
  const look = () => {
    if (wanted !== path) return;
    const late = Date.now() >= until;
    const el = fieldElement(path, !late);
    if (el || late) {
      if (el) showField(el);
      wanted = null;
      tell();
    } else requestAnimationFrame(look);
  };
  // After the click's own update has drawn the section (and the block list has focused its block).
  requestAnimationFrame(() => requestAnimationFrame(look));
}
