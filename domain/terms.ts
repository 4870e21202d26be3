/**
 * Words that follow the site's country. Australian sites say "Rego" and "Dealer licence"; New
 * Zealand sites say "Plate" / "Registration" and show the trader's registration on the Motor
 * Vehicle Traders Register, as NZ law asks a registered trader to.
 */
export interface CountryTerms {
  /** Before a location's dealer licence or trader number. */
  dealerLicence: string;
  /** A car's number plate, beside its stock number and VIN. */
  plate: string;
  /** The key-information row of the plate and its registration expiry. */
  registration: string;
  /** The service booking's field for the visitor's plate. */
  vehiclePlate: string;
}

const AU: CountryTerms = { dealerLicence: "Dealer licence", plate: "Rego", registration: "Rego", vehiclePlate: "Vehicle Rego" };
const NZ: CountryTerms = { dealerLicence: "Registered motor vehicle trader", plate: "Plate", registration: "Registration", vehiclePlate: "Plate Number" };

/** The site's words, by its locale (en-NZ: New Zealand; every other locale: Australia). */
export const countryTerms = (locale: string | null | undefined): CountryTerms => (locale === "en-NZ" ? NZ : AU);

/**
 * A location's dealer licence as the law of its place has it shown (domain/listing-rules.ts):
 * "Dealer licence 3418001"; in Victoria the LMCT number, "LMCT 12873"; in New Zealand
 * "Registered motor vehicle trader M412873". Null without a number.
 */
export function dealerLicenceText(number: string | null | undefined, state: string | null | undefined, locale: string | null | undefined): string | null {
  const n = number?.trim();
  if (!n) return null;
  if (locale !== "en-NZ" && state === "VIC") return `LMCT ${n.replace(/^LMCT:?\s*/i, "")}`;
  return `${countryTerms(locale).dealerLicence} ${n}`;
}
