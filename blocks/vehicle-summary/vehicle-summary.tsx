import { ENQUIRE_FOR_FINANCE, FINANCE_DISCLAIMER_ANCHOR, financeBanner } from "../../domain/finance";
import { financeHref } from "../../domain/finance-links";
import { financeEstimate, financeExcluded } from "../../domain/finance-estimate";
import { SIMILAR_BUTTON, SIMILAR_PROMPT, SIMILAR_STOCK_LINK, SOLD_TEXT, SOLD_TITLE, listToggleVisible, reserveIneligibility } from "../../domain/vdp-rules";
import { BODY_TYPES, normaliseBody } from "../../domain/media";
import { formatCallNumber, telHref, type PhoneLocale } from "../../domain/phone";
import { cardTag, formatMoney, isAvailable, isBelowMarket, priceDisplay, vehicleHeading } from "../../domain/vehicle-display";
import { badgeMarketAverage } from "../../domain/price-comparison";
import { priceComparisonForPage } from "../../server/price-comparison/for-page";
import type { BlockComponent } from "../../renderer/types";
import { simpleTransmission, vehicleTitle } from "../../server/inventory/records";
import { cardSettings, reserveHref } from "../_shared/vehicle-card";
import { ListToggle } from "../_shared/favourites.client";
import { analyticsCar } from "../../domain/analytics-standards";
import { FormDialog } from "../_shared/form-dialog.client";
import { LabelValues } from "../_shared/label-values";
import { LeadForm } from "../lazy.generated";
import "../_shared/lead-form/lead-form.module.css";
import { leadFormProps } from "../_shared/lead-form-props";
import type { LeadFormKind } from "../../domain/lead-forms";
import { ENQUIRE_ANCHOR, SIMILAR_ANCHOR, callNumber, carLocation, locationHref, similarHref, tradeInHref } from "../../domain/vehicle-links";
import { CallLink, MobileBar } from "./vehicle-summary.client";
import { LoanText } from "../_shared/loan-text.client";
import styles from "./vehicle-summary.module.css";
import { numberFormat } from "../../domain/intl";
import { countryTerms } from "../../domain/terms";
import { vehicleTerms } from "../../domain/vehicle-terms";


const Icon = ({ d }: { d: string }) => (
  <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ICONS = {
  km: "M4 16a8 8 0 1 1 16 0M12 16l4-5M7 16h.01M17 16h.01M12 9v.01",
  transmission: "M6 5v14M12 5v14M18 5v7H6M6 5h.01M12 5h.01M18 5h.01",
  body: "M3 15v-3l2-5h11l3 5h2v3h-2M3 15h2m4 0h6M7 17a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  location: "M12 21s-7-6.1-7-11a7 7 0 0 1 14 0c0 4.9-7 11-7 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
};

/** The VDP sidebar (spec §2 "Sidebar", §4, §5): heading, price, tag, location, icons, buttons, finance card, SOLD panel, mobile bar. */
const VehicleSummary: BlockComponent<"vehicle-summary"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const { tenant } = ctx;
  const { identity, features } = tenant;
  const now = new Date();
  const available = isAvailable(car.status);
  const heading = vehicleHeading(car);
  const price = priceDisplay(car, tenant);
  const createdAt = Date.parse(car.created_at ?? "");
  const tag = cardTag(
    { ...car, created_at: Number.isFinite(createdAt) ? createdAt / 1000 : 0 },
    { now, certifiedMake: identity.manufacturer ?? null, newArrivalLabel: tenant.copy.newArrivalLabel },
  );
  // The badge and the price-comparison panel read one market (domain/price-comparison.ts badgeMarketAverage).
  const comparesPrices = !!features.priceComparison;
  const belowMarket =
    props.belowMarketBadge !== false &&
    available &&
    isBelowMarket(
      car.price,
      badgeMarketAverage(comparesPrices, comparesPrices && car.price > 10 ? await priceComparisonForPage(car) : null, car.autograb_data?.average_market_price),
    );
  const location = carLocation(tenant, car);
  const phone = props.callButton !== false ? callNumber(tenant, car, location) : null;
  const phoneLocale: PhoneLocale = identity.locale === "en-NZ" ? "en-NZ" : "en-AU";
  const callLabel = car.car_type === "new" ? "New Car" : "Used Car";
  // Where the site masks its number until a visitor asks for it (the phone box), the Call button does not print it either.
  const phoneMasked = features.phoneRevealed !== true;
  const number = numberFormat(identity.locale);

  const settings = cardSettings(tenant);
  const reserve = reserveHref(car, settings);
  // Favourite and compare, as on its result card (spec §2 other controls, §5 visibility).
  const primary = car.images[0]?.url ?? null;
  const entry = { id: car.id, name: vehicleTitle(car), slug: car.slug, make: car.make, model: car.model, primary_image_url: primary };
  const toggles = (["favourites", "compare"] as const).filter((f) =>
    listToggleVisible({ status: car.status, price: car.price, car_type: car.car_type, imageCount: car.images.length }, { enabled: settings[f], usedOnly: settings.usedOnly }),
  );
  // Online purchase (features.onlinePurchase; leads §2 routes, §4): only for a car that can be reserved.
  const buyOnline = features.onlinePurchase && !reserveIneligibility(car, { enabled: true }) ? `/checkout-journey?car_id=${encodeURIComponent(car.slug)}` : null;
  const tradeIn = features.tradeIn?.enabled ? tradeInHref(car) : null;
  const finance = financeExcluded(car, tenant.finance) ? null : financeHref(tenant.finance, car, tenant.dealerships);
  const estimate = props.financeCard !== false ? financeEstimate(car, tenant.finance, now) : null;

  const terms = vehicleTerms(car);
  const body = normaliseBody(car.body, car.item_type ?? "car");
  const transmission = simpleTransmission(car.transmission);
  const facts = [
    terms.hasOdometer && car.km != null ? { key: "km", label: "Odometer", text: `${number.format(car.km)} km` } : null,
    transmission ? { key: "transmission", label: "Transmission", text: transmission } : null,
    body ? { key: "body", label: "Body", text: BODY_TYPES[body] } : car.body?.trim() ? { key: "body", label: "Body", text: car.body.trim() } : null,
  ].filter((f): f is { key: keyof typeof ICONS; label: string; text: string } => !!f);
  const ids = [
    car.stocknum ? { label: "Stock No.", value: car.stocknum } : null,
    car.vin ? { label: "VIN", value: car.vin } : null,
    car.regplate ? { label: countryTerms(identity.locale).plate, value: car.regplate } : null,
  ].filter((x): x is { label: string; value: string } => !!x);
  const forCar = <span className="fc-visually-hidden">: {heading.title}</span>;
  const titleId = `${id}-title`;

  // The VDP dialogs (spec §2 Dialogs; their forms are the site's, domain/lead-forms.ts). On sites with
  // the finance enquiry modal, Get Finance opens the dialog titled Finance Enquiry instead of a page.
  const financeModal = !!finance && features.financeEnquiryModal === true;
  // The enquiry dialog's id is the anchor result cards link to (Quick Enquiry): one per page.
  const dialogId = (kind: LeadFormKind, key: string) => (kind === "vehicle-enquiry" ? ENQUIRE_ANCHOR : `${id}-${key}`);
  const dialog = (kind: LeadFormKind, key: string, title: string, submitLabel: string, ghost: boolean, button = title) => (
    <FormDialog
      key={key}
      id={dialogId(kind, key)}
      title={title}
      subtitle={[heading.title, heading.subtitle].filter(Boolean).join(" ")}
      buttonClassName={ghost ? "fc-button fc-button--ghost" : "fc-button"}
      button={
        <>
          {button}
          {forCar}
        </>
      }
    >
      <LeadForm {...leadFormProps(tenant, kind, { id: `${dialogId(kind, key)}-form`, submitLabel, pageId: ctx.page.id, car, modal: kind === "finance" })} />
    </FormDialog>
  );
  const dialogs = available
    ? [
        props.enquireButton !== false ? dialog("vehicle-enquiry", "enquire", "Enquire Now", tenant.forms.enquiry.submitLabel, false) : null,
        // The test's name follows the vehicle's kind (domain/vehicle-terms.ts): a Test Ride, an Inspection.
        props.testDriveButton !== false ? dialog("test-drive", "test-drive", terms.bookTest, terms.bookTest, true) : null,
        props.requestPhotosButton !== false ? dialog("request-photos", "photos", "Request Photos", "Request Photos", true) : null,
      ].filter(Boolean)
    : [];

  // The similar-car enquiry of a sold car's panel: the enquiry about this car, its message started.
  const similarForm = available ? null : leadFormProps(tenant, "vehicle-enquiry", { id: `${SIMILAR_ANCHOR}-form`, submitLabel: tenant.forms.enquiry.submitLabel, pageId: ctx.page.id, car });
  const similarEnquiry =
    similarForm && similarForm.spec.fields.some((f) => f.name === "message") ? { ...similarForm, initialValues: { ...similarForm.initialValues, message: similarMessage(car) } } : similarForm;

  const priceLine = (
    <p className={styles.price} data-kind={price.kind}>
      <span className={styles.amount}>{price.text}</span>
      {price.kind === "price" && price.label ? <span className={styles.priceType}> {price.label}</span> : null}
    </p>
  );

  return (
    <section className={styles.summary} aria-labelledby={titleId} data-block="vehicle-summary" data-status={car.status}>
      {tag ? (
        <p className={styles.tag} data-kind={tag.kind}>
          {tag.label}
        </p>
      ) : null}
      <h2 className={styles.title} id={titleId}>
        {heading.title}
        {heading.subtitle ? <span className={styles.subtitle}> {heading.subtitle}</span> : null}
      </h2>

      {toggles.length ? (
        <div className={styles.toggles}>
          {toggles.map((list) => (
            <ListToggle key={list} site={settings.site} list={list} entry={entry} car={list === "favourites" ? analyticsCar(car) : undefined} className="fc-round-toggle" />
          ))}
        </div>
      ) : null}

      {available ? (
        <div className={styles.priceBlock}>
          {priceLine}
          {belowMarket ? <p className={styles.belowMarket}>{props.belowMarketText || "Below market average"}</p> : null}
        </div>
      ) : (
        <div className={styles.sold}>
          <p className={styles.soldTitle}>{SOLD_TITLE}</p>
          <p>{SOLD_TEXT}</p>
        </div>
      )}

      {location ? (
        <p className={styles.location}>
          <Icon d={ICONS.location} />
          <a href={locationHref(location)}>{location.name}</a>
        </p>
      ) : null}

      {facts.length ? (
        <ul className={styles.facts} aria-label="Key details">
          {facts.map((f) => (
            <li key={f.key}>
              <Icon d={ICONS[f.key]} />
              <span className="fc-visually-hidden">{f.label}: </span>
              {f.text}
            </li>
          ))}
        </ul>
      ) : null}

      {props.showIdentifiers !== false && ids.length ? (
        <LabelValues className={styles.ids} items={ids} />
      ) : null}

      {available ? (
        <>
          <div className={styles.actions}>
            {dialogs}
            {reserve ? (
              <a className="fc-button" href={reserve}>
                Reserve This {vehicleTerms(car).Noun} {settings.reserve!.amount}
                {forCar}
              </a>
            ) : null}
            {buyOnline ? (
              <a className="fc-button fc-button--ghost" href={buyOnline}>
                Buy Online{forCar}
              </a>
            ) : null}
            {financeModal ? (
              dialog("finance", "finance", "Finance Enquiry", tenant.forms.enquiry.submitLabel, true, "Get Finance")
            ) : finance ? (
              <a className="fc-button fc-button--ghost" href={finance}>
                Get Finance{forCar}
              </a>
            ) : null}
            {tradeIn ? (
              <a className="fc-button fc-button--ghost" href={tradeIn}>
                Trade-In Valuation{forCar}
              </a>
            ) : null}
            {phone ? (
              <CallLink className="fc-button fc-button--ghost" href={telHref(phone)} site={identity.slug} label={callLabel}>
                {phoneMasked ? "Call us" : `Call ${formatCallNumber(phone, phoneLocale)}`}
              </CallLink>
            ) : null}
          </div>
          {estimate && finance ? (
            <div className={styles.financeCard}>
              {/* The car's loan (the calculator's, which these follow as the visitor changes it: loan-store.ts). */}
              <p className={styles.financeFigure} data-testid="finance-card-figure">
                <LoanText
                  car={car.id}
                  part={estimate.frequency}
                  initial={estimate.frequency === "weekly" ? financeBanner(estimate.amount, identity) : `Only ${formatMoney(estimate.amount, identity)}/${estimate.label}*`}
                  before="Only "
                  after={`/${estimate.label}*`}
                  none={ENQUIRE_FOR_FINANCE}
                />
              </p>
              <p className={styles.financeRates}>
                <LoanText car={car.id} part="rate" initial={estimate.interestRate} />% p.a. interest rate, {estimate.comparisonRates.map((r) => `${r}%`).join(" / ")} p.a. comparison rate.{" "}
                <a href={`#${FINANCE_DISCLAIMER_ANCHOR}`}>*See finance disclaimer</a>
              </p>
              <a className="fc-button" href={finance}>
                Get Pre-Approved{forCar}
              </a>
            </div>
          ) : null}
          {features.mobileStickyBar !== "off" ? (
            <MobileBar mode={features.mobileStickyBar} label={`Quick actions: ${heading.title}`}>
              <p className={styles.barPrice}>
                <span className={styles.amount}>{price.text}</span>
                {price.kind === "price" && price.label ? <span className={styles.priceType}> {price.label}</span> : null}
              </p>
              {phone ? (
                <CallLink className="fc-button fc-button--ghost" href={telHref(phone)} site={identity.slug} label={callLabel}>
                  Call{phoneMasked ? <span className="fc-visually-hidden"> us</span> : <span className="fc-visually-hidden"> {formatCallNumber(phone, phoneLocale)}</span>}
                </CallLink>
              ) : null}
              {finance ? (
                <a className="fc-button" href={finance}>
                  Get Finance
                </a>
              ) : null}
            </MobileBar>
          ) : null}
        </>
      ) : (
        <div className={styles.similar}>
          <p>{SIMILAR_PROMPT}</p>
          {/* The similar-car enquiry (spec §2 SOLD panel, leads §4): the site's enquiry form about this car,
              its message started; its id is the anchor a sold car's result card links to. */}
          <FormDialog id={SIMILAR_ANCHOR} title={SIMILAR_BUTTON} subtitle={[heading.title, heading.subtitle].filter(Boolean).join(" ")} buttonClassName="fc-button" button={SIMILAR_BUTTON}>
            {similarEnquiry ? <LeadForm {...similarEnquiry} /> : null}
          </FormDialog>
          <a className={styles.similarLink} href={similarHref(car, tenant)}>
            {SIMILAR_STOCK_LINK}
          </a>
        </div>
      )}
    </section>
  );
};

/** The similar-car enquiry's first words: "I'd like something similar to the 2021 Toyota Corolla Ascent Sport ZWE211R." */
export function similarMessage(car: Parameters<typeof vehicleHeading>[0]): string {
  const { title, subtitle } = vehicleHeading(car);
  return `I'd like something similar to the ${[title, subtitle].filter(Boolean).join(" ")}.`;
}

export default VehicleSummary;
