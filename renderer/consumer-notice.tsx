/**
 * A used or demo car's Consumer Information Notice on a New Zealand site (features.consumerInformationNotice):
 * the trader and the vehicle as the Consumer Information Standards (Used Motor Vehicles) Regulations
 * 2008 ask for them, from the car's record and its location. What the record does not hold is
 * marked as such rather than guessed.
 */
import { CIN_TITLE, consumerNoticeHref } from "../domain/vdp-rules";
import { priceDisplay, vehicleHeading } from "../domain/vehicle-display";
import { carLocation, callNumber } from "../domain/vehicle-links";
import { formatCallNumber } from "../domain/phone";
import { vehicleForPage } from "../server/inventory/vdp";
import { tenantForHost } from "../server/tenants/live";
import { dateTimeFormat, numberFormat } from "../domain/intl";
import { excludesGovernmentCharges } from "../domain/ad-vocab";

export const NOT_RECORDED = "Not recorded — please ask us";
export const SECURITY_INTEREST = "A security interest is registered over this vehicle on the Personal Property Securities Register; it is cleared before the vehicle is sold to you.";
export const NO_SECURITY_INTEREST = "No security interest is registered over this vehicle on the Personal Property Securities Register.";
/** The notice's "imported as damaged" statement, as the Motor Vehicle Register records it (the feed's imported_damaged). */
export const IMPORTED_DAMAGED = "Yes: the Motor Vehicle Register records this vehicle as imported as a damaged vehicle.";
export const NOT_IMPORTED_DAMAGED = "No";

export async function consumerNoticePage(host: string, slug: string) {
  const live = await tenantForHost(host);
  if (!live || !/^[a-z0-9-]+$/.test(slug)) return null;
  const doc = live.document;
  const car = await vehicleForPage(doc, `/cars/${slug}`);
  if (!car || !consumerNoticeHref(car, doc.features)) return null;
  const { title, subtitle } = vehicleHeading(car);
  const location = carLocation(doc, car);
  const dealership = doc.dealerships.find((d) => d.id === car.dealership_id);
  const phone = callNumber(doc, car, location);
  const number = numberFormat(doc.identity.locale);
  const price = priceDisplay(car, doc);
  const date = (iso?: string | null) => (iso ? dateTimeFormat(doc.identity.locale, { timeZone: doc.identity.timeZone }).format(new Date(iso)) : null);
  const rows = (items: [string, string | null | undefined][]) =>
    items.map(([label, value]) => (
      <div key={label} className="fc-notice__row">
        <dt>{label}</dt>
        <dd>{value?.toString().trim() || NOT_RECORDED}</dd>
      </div>
    ));
  const address = location?.address ? [location.address.street, location.address.city, location.address.postcode].filter(Boolean).join(", ") : null;
  const element = (
    <main id="main" className="fc-narrow fc-notice">
      <p>
        <a href={`/cars/${car.slug}`}>← Back to the {title}</a>
      </p>
      <h1>{CIN_TITLE}</h1>
      <p className="fc-notice__lead">
        {[title, subtitle].filter(Boolean).join(" ")} · Stock No. {car.stocknum}
      </p>
      <h2>Trader</h2>
      <dl>
        {rows([
          ["Trader name", location?.name ?? dealership?.name ?? doc.identity.name],
          ["Motor vehicle trader registration number", location?.dealer_license_number],
          ["Address", address],
          ["Phone", phone ? formatCallNumber(phone, "en-NZ") : null],
        ])}
      </dl>
      <h2>Vehicle</h2>
      <dl>
        {rows([
          ["Make", car.make],
          ["Model", [car.model, car.badge, car.series].filter(Boolean).join(" ")],
          ["Year of manufacture", String(car.year)],
          ["Build date", date(car.build_date)],
          ["Year first registered in New Zealand", car.nz_first_registered ? String(car.nz_first_registered) : null],
          ["Registration plate", car.regplate],
          ["Registration expiry", date(car.rego_expiry)],
          ["Warrant of Fitness expiry", date(car.wof_expiry)],
          ["VIN or chassis number", car.vin],
          ["Odometer reading", car.km != null ? `${number.format(car.km)} km` : null],
          ["Imported as damaged", car.imported_damaged == null ? null : car.imported_damaged ? IMPORTED_DAMAGED : NOT_IMPORTED_DAMAGED],
          ["Fuel type", car.fuel],
          ["Engine capacity", car.engine_size ? `${number.format(car.engine_size)} cc` : null],
          ["Transmission", car.transmission],
          // The notice's cash price is the total, with registration and licensing costs: a price without them is not it.
          ["Cash price", price.kind === "price" && !excludesGovernmentCharges(car.price_type) ? [price.text, price.label].filter(Boolean).join(" ") : null],
          ["Security interest", car.security_interest == null ? null : car.security_interest ? SECURITY_INTEREST : NO_SECURITY_INTEREST],
        ])}
      </dl>
      <p className="fc-notice__small">
        Ask us about the vehicle's import and registration history, any security interest registered over it, and the
        warranty or guarantee that comes with it before you buy. This notice is shown as the Consumer Information Standards
        (Used Motor Vehicles) Regulations 2008 require of motor vehicle traders.
      </p>
    </main>
  );
  return { title: `${CIN_TITLE}: ${title} | ${doc.identity.name}`, element };
}
