/**
 * Mobile numbers visitors sign in with (shared by the sign-in form and the server).
 * Australia: 04xx xxx xxx or +61 4xx xxx xxx; New Zealand: 02x… (8–10 digits) or +64 2x….
 * Numbers are kept in E.164 (+614…, +642…).
 */

export type MobileCountry = "AU" | "NZ";

/** The country a site's locale implies. */
export function mobileCountry(locale: string): MobileCountry {
  return locale === "en-NZ" ? "NZ" : "AU";
}

const AU_E164 = /^\+614\d{8}$/;
const NZ_E164 = /^\+642\d{7,9}$/;

/** The number in E.164, or null when it is not a mobile number of the site's country (or, written with +61 / +64, of either). */
export function normaliseMobile(raw: string, country: MobileCountry): string | null {
  if (typeof raw !== "string" || raw.length > 40) return null;
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  let e164: string;
  if (trimmed.startsWith("+")) e164 = `+${digits}`;
  else if (digits.startsWith("00")) e164 = `+${digits.slice(2)}`;
  else if (digits.startsWith("0")) e164 = `${country === "NZ" ? "+64" : "+61"}${digits.slice(1)}`;
  else if (digits.startsWith("61") || digits.startsWith("64")) e164 = `+${digits}`;
  else return null;
  // "+61 04…" and "+64 02…": a trunk 0 after the country code is dropped.
  e164 = e164.replace(/^\+(61|64)0/, "+$1");
  return AU_E164.test(e164) || NZ_E164.test(e164) ? e164 : null;
}

/**
 * The demo's mobile numbers (Australia: one of ACMA's numbers reserved for fiction, never a real
 * phone's). While the site sends texts only through the embedded provider (nothing reaches a phone),
 * signing in with it shows its code on screen, so a person trying the demo can reach My Garage and the
 * watchlist. With a real SMS vendor no code is ever shown.
 */
export const DEMO_MOBILES: Record<MobileCountry, string> = { AU: "0491 570 006", NZ: "021 555 0100" };

/** Whether `e164` is the site country's demo number. */
export const isDemoMobile = (e164: string, country: MobileCountry) => e164 === normaliseMobile(DEMO_MOBILES[country], country);

/** The example shown when a number is not accepted. */
export function mobileExample(country: MobileCountry): string {
  return country === "NZ" ? "021 123 4567" : "0412 345 678";
}

/** A national-format number with all but the last three digits hidden: "+61412345678" → "04xx xxx 678". */
export function maskMobile(e164: string): string {
  const national = e164.replace(/^\+61/, "0").replace(/^\+64/, "0");
  const shown = national.slice(-3);
  const hidden = national.slice(2, -3).replace(/\d/g, "x");
  const masked = `${national.slice(0, 2)}${hidden}${shown}`;
  return masked.length === 10 ? `${masked.slice(0, 4)} ${masked.slice(4, 7)} ${masked.slice(7)}` : `${masked.slice(0, 3)} ${masked.slice(3, -3)} ${masked.slice(-3)}`;
}
