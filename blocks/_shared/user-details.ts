/**
 * storeUserDetails (spec leads §6: "Favourites and user details are stored locally in the browser
 * (storeUserDetails is on by default)"): after a visitor's first successful lead their name, e-mail
 * and phone are kept in this browser, one entry per site, and fill the contact fields of the site's
 * lead forms next time. With the setting off nothing is kept, and an entry kept earlier is removed
 * rather than used. What is read back is checked field by field: anything unreadable, of the wrong
 * type, too long or with control characters is dropped, so a tampered entry never breaks a form.
 */

export const USER_DETAILS_FIELDS = ["first_name", "last_name", "email", "phone"] as const;
export type UserDetailsField = (typeof USER_DETAILS_FIELDS)[number];
export type UserDetails = Partial<Record<UserDetailsField, string>>;

/** The most each field keeps (the lead form's own maximum lengths). */
const MAX: Record<UserDetailsField, number> = { first_name: 100, last_name: 100, email: 254, phone: 20 };
/** The most an entry may be before it is not even parsed. */
const MAX_RAW = 4096;
const BAD_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const userDetailsKey = (site: string) => `forecourt:${site}:user-details`;

/** One field's value as kept: trimmed text within its length, or nothing. */
function clean(field: UserDetailsField, value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  return v && v.length <= MAX[field] && !BAD_TEXT.test(v) ? v : undefined;
}

/** The kept details from their stored text; {} for anything unreadable. */
export function parseUserDetails(raw: string | null | undefined): UserDetails {
  if (typeof raw !== "string" || !raw || raw.length > MAX_RAW) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: UserDetails = {};
  for (const field of USER_DETAILS_FIELDS) {
    const v = clean(field, Object.prototype.hasOwnProperty.call(value, field) ? (value as Record<string, unknown>)[field] : undefined);
    if (v !== undefined) out[field] = v;
  }
  return out;
}

/** The details a sent lead's values give (only the contact fields, cleaned). */
export function detailsFromValues(values: Record<string, unknown>): UserDetails {
  const out: UserDetails = {};
  for (const field of USER_DETAILS_FIELDS) {
    const v = clean(field, values[field]);
    if (v !== undefined) out[field] = v;
  }
  return out;
}

/** The part of localStorage used here (a test passes its own). */
type DetailsStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): DetailsStore | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage blocked (private mode, a sandboxed frame)
  }
}

/** The details kept for the site; with the setting off, none (and any kept earlier are removed). */
export function readUserDetails(site: string, enabled: boolean, store: DetailsStore | null = storage()): UserDetails {
  if (!store) return {};
  try {
    if (!enabled) {
      store.removeItem(userDetailsKey(site));
      return {};
    }
    return parseUserDetails(store.getItem(userDetailsKey(site)));
  } catch {
    return {};
  }
}

/** Keeps the details of a successful lead (merged over what was kept); nothing with the setting off. */
export function rememberUserDetails(site: string, enabled: boolean, values: Record<string, unknown>, store: DetailsStore | null = storage()): void {
  if (!store) return;
  try {
    if (!enabled) {
      store.removeItem(userDetailsKey(site));
      return;
    }
    const details = { ...parseUserDetails(store.getItem(userDetailsKey(site))), ...detailsFromValues(values) };
    if (Object.keys(details).length) store.setItem(userDetailsKey(site), JSON.stringify(details));
  } catch {
    // Storage full or blocked: the lead was sent, nothing else depends on this.
  }
}

/** Removes the kept details (My Garage's "Forget my details"). */
export function forgetUserDetails(site: string, store: DetailsStore | null = storage()): void {
  try {
    store?.removeItem(userDetailsKey(site));
  } catch {
    // nothing kept that could be removed
  }
}

/**
 * The values to fill in a form: the kept details for the form's own contact fields that are still
 * empty (what the visitor or the page already put there stays).
 */
export function prefillValues(details: UserDetails, fieldNames: readonly string[], current: Record<string, unknown>): UserDetails {
  const out: UserDetails = {};
  for (const field of USER_DETAILS_FIELDS) {
    const now = current[field];
    if (details[field] && fieldNames.includes(field) && (now === undefined || now === null || now === "")) out[field] = details[field];
  }
  return out;
}
