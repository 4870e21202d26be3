/**
 * The standard events sent beside the spec's event ids (issue 35): the Automotive Standards Council's
 * GA4 events (asc_*) and Meta's pixel events, worked out from one interaction and the page it happened
 * on. Pure: renderer/standard-analytics.ts only sends what this returns, and only after consent.
 */
import { ANALYTICS_EVENTS, type AnalyticsEvent } from "./analytics";
import type { Vehicle } from "../schemas/generated/vehicle";
import type { Location, TenantDocument } from "../schemas/generated/tenant";
import { metaCountry } from "./ad-vocab";
import { metaVehicleFields, vehicleCondition, type MetaVehicleFields, type VehicleCondition } from "./meta-vehicle";

/** ASC's event_owner: who fires the events (the website platform). */
export const EVENT_OWNER = "forecourt";

/** trackEvent's label of event 39 when the favourites heart saved the car (blocks/_shared/favourites.client.tsx), not the watchlist. */
export const FAVOURITE_LABEL = "favourite";

/** ASC page types this site's pages map to. */
export type AscPageType = "home" | "item" | "itemlist" | "service" | "finance" | "specials" | "trade" | "contact" | "other";

/** A car in ASC's item parameters. item_id (the VIN, else the car's id) and item_number (the stock number) are absent where not known: a search card's hit has neither. */
export interface AscItem {
  item_id?: string;
  item_number?: string;
  item_price: number;
  item_condition: VehicleCondition;
  item_year: number;
  item_make: string;
  item_model: string;
  item_variant?: string;
  item_color?: string;
  item_type: Vehicle["item_type"];
  item_category?: string;
  item_fuel_type?: string;
}

/** A car as the events describe it: ASC's item parameters and the id Meta's catalogue feed uses (domain/ads-feeds.ts). */
export interface AnalyticsCar {
  id: string;
  item: AscItem;
  body?: string;
}

/** What the browser knows about the page (rendered into it by renderer/tenant-page.tsx). */
export interface AnalyticsPage {
  page_type: AscPageType;
  currency: string;
  country: "AU" | "NZ";
  /** The vehicle page's car. */
  car: AnalyticsCar | null;
  /** A specials page's title (ASC's promotion_name). */
  promotion?: string;
}

/** What the browser needs to send a site's standard events; null for a site with neither a GA4 nor a pixel id (no banner, nothing sent). */
export function siteAnalytics(doc: Pick<TenantDocument, "features" | "identity">): { ga4?: string; pixel?: string; currency: string; country: "AU" | "NZ" } | null {
  const { ga4MeasurementId: ga4, metaPixelId: pixel } = doc.features.analytics ?? {};
  if (!ga4 && !pixel) return null;
  return { ...(ga4 ? { ga4 } : {}), ...(pixel ? { pixel } : {}), currency: doc.identity.currency, country: doc.identity.locale === "en-NZ" ? "NZ" : "AU" };
}

/**
 * Whether a page needs its own "Cookie settings" (renderer/cookie-settings.client.tsx): a site with a
 * consent banner must let the visitor reopen it, and the site footer, where it lives, is not on this page.
 */
export function needsCookieSettings(doc: Pick<TenantDocument, "features" | "identity" | "layout">, pageBlocks: readonly { type: string }[]): boolean {
  if (!siteAnalytics(doc)) return false;
  return ![...doc.layout.top, ...pageBlocks, ...doc.layout.bottom].some((b) => b.type === "site-footer");
}

type Car = Pick<Vehicle, "id" | "vin" | "stocknum" | "price" | "car_type" | "certified" | "year" | "make" | "model" | "badge" | "colour" | "item_type" | "body" | "fuel">;
/** A car as a search hit knows it (blocks/_shared/hit-analytics.ts): no VIN or stock number. */
export type ListedCar = Omit<Car, "vin" | "stocknum" | "badge" | "colour" | "body" | "fuel"> & { badge?: string | null; colour?: string | null; body?: string | null; fuel?: string | null };

const TRADE_PATHS = /^\/(trade-in|sell-my-car|cars\/trade-in)(\/|$)/;

/** The ASC page type of a page of the site (its template, else its path). */
export function ascPageType(template: string | undefined, path: string): AscPageType {
  if (template === "vehicle-detail") return "item";
  if (template === "search") return "itemlist";
  if (template === "contact-us" || template === "location-detail" || /^\/(contact|locations?)(\/|$|-)/.test(path)) return "contact";
  if (path === "/") return "home";
  if (TRADE_PATHS.test(path)) return "trade";
  if (/^\/service(\/|$|-)/.test(path)) return "service";
  if (/^\/finance(\/|$|-)/.test(path)) return "finance";
  if (/^\/(special-offers|specials|offers)(\/|$|-)/.test(path)) return "specials";
  return "other";
}

/** The page's analytics description: its type, the site's currency and country, its car. */
export function analyticsPage(opts: { template?: string; path: string; title?: string; currency: string; locale: string; car: Car | null }): AnalyticsPage {
  const { car } = opts;
  const page_type = ascPageType(opts.template, opts.path);
  return {
    page_type,
    currency: opts.currency,
    country: opts.locale === "en-NZ" ? "NZ" : "AU",
    car: car ? analyticsCar(car) : null,
    ...(page_type === "specials" && opts.title ? { promotion: opts.title } : {}),
  };
}

/** A car's event parameters: the same for the car's page and for a card of it elsewhere (a search hit). */
export function analyticsCar(car: Car | ListedCar): AnalyticsCar {
  return {
    id: car.id,
    ...(car.body ? { body: car.body } : {}),
    item: {
      ...("stocknum" in car ? { item_id: car.vin || car.id, item_number: car.stocknum } : {}),
      item_price: car.price ?? 0,
      item_condition: vehicleCondition(car),
      item_year: car.year,
      item_make: car.make,
      item_model: car.model,
      ...(car.badge ? { item_variant: car.badge } : {}),
      ...(car.colour ? { item_color: car.colour } : {}),
      item_type: car.item_type,
      ...(car.body ? { item_category: car.body } : {}),
      ...(car.fuel ? { item_fuel_type: car.fuel } : {}),
    },
  };
}

/**
 * Set by a block on its tel: links, or on an element around them: the ASC department those calls reach
 * (a location's phone: its department; the service page's bar and contact details: service). A call
 * from a link without one is service on a service page, else sales (the site's number, a car's page).
 */
export const CALL_DEPARTMENT_ATTR = "data-fc-call";
export type CallDepartment = "sales" | "service" | "parts";

/** The department a location's phone answers for: service at a service (or service and parts) location, parts at a parts one, else sales. */
export function locationCallDepartment(location: Pick<Location, "location_type">): CallDepartment {
  const type = location.location_type;
  return type === "service" || type === "service-and-parts" ? "service" : type === "parts" ? "parts" : "sales";
}

/** A call's department: the link's own (CALL_DEPARTMENT_ATTR, read from the page: checked here), else the page's. */
export function callDepartment(marked: string | undefined, pageType: AscPageType): CallDepartment {
  if (marked === "sales" || marked === "service" || marked === "parts") return marked;
  return pageType === "service" ? "service" : "sales";
}

/** Something the visitor did: a page view, or one of the spec's events with what the caller knows. */
export type Interaction =
  | { id: "page-view" }
  | {
      id: AnalyticsEvent["id"];
      /** trackEvent's label: the lead form's kind ("service", "trade-in" …), "New Car" / "Used Car" for calls. */
      label?: string;
      /** The tel: link clicked (a call, not a reveal of the number). */
      phone?: string;
      /** The tel: link's CALL_DEPARTMENT_ATTR, as the page has it. */
      department?: string;
      /** The search's words (the URL's `query`). */
      query?: string;
      /** A lead's event id (domain/lead-event.ts leadEventId), the one its server-side events carry. */
      eventId?: string;
      /** The car the interaction is about when it is not the page's (a search card's save): its events carry this car's fields. */
      car?: AnalyticsCar;
    };

export interface StandardEvent {
  name: string;
  params: Record<string, string | number | string[]>;
  /** Meta's event id (fbq's 4th argument), by which it de-duplicates the browser's event and the server's. */
  eventID?: string;
}

export interface StandardEvents {
  ga4: StandardEvent[];
  meta: StandardEvent[];
}

const LEAD_IDS: ReadonlySet<number> = new Set([
  ANALYTICS_EVENTS.financeEnquiryModal,
  ANALYTICS_EVENTS.enquiry,
  ANALYTICS_EVENTS.usedEnquiry,
  ANALYTICS_EVENTS.testDriveNew,
  ANALYTICS_EVENTS.tradeIn,
  ANALYTICS_EVENTS.enquiryDefault,
  ANALYTICS_EVENTS.usedTestDrive,
  ANALYTICS_EVENTS.careers,
]);

/** ASC's department of a lead, from the form's kind (trackEvent's label) and event id. */
export function leadDepartment(id: number, label: string | undefined): "sales" | "service" | "trade" | "other" {
  if (id === ANALYTICS_EVENTS.careers || label === "careers") return "other";
  if (id === ANALYTICS_EVENTS.tradeIn || label === "trade-in") return "trade";
  if (label === "service") return "service";
  return "sales";
}

const FORM_TYPES: Record<string, string> = {
  "test-drive": "test_drive",
  "trade-in": "trade_in",
  finance: "finance",
  service: "service",
  careers: "careers",
  reserve: "reserve",
  "request-photos": "request_photos",
};

/** Meta's vehicle parameters of the page's car (domain/meta-vehicle.ts, as the server's lead events carry them). */
export function metaVehicle(page: AnalyticsPage): MetaVehicleFields {
  const car = page.car;
  if (!car) return metaVehicleFields(null, page);
  const { item } = car;
  return metaVehicleFields(
    { id: car.id, make: item.item_make, model: item.item_model, year: item.item_year, condition: item.item_condition, price: item.item_price, body: car.body, colour: item.item_color, fuel: item.item_fuel_type },
    page,
  );
}

/** The standard events of an interaction on a page. */
export function standardEvents(interaction: Interaction, onPage: AnalyticsPage): StandardEvents {
  const page = interaction.id !== "page-view" && interaction.car ? { ...onPage, car: interaction.car } : onPage;
  const base = { event_owner: EVENT_OWNER, page_type: page.page_type, ...(page.car?.item ?? {}) };
  const cta = (element_text: string, event_action_result: string): StandardEvent => ({
    name: "asc_cta_interaction",
    params: { ...base, element_text, element_type: "body", element_subtype: "cta_button", event_action: "click", event_action_result },
  });
  if (interaction.id === "page-view") {
    const ga4: StandardEvent[] = [{ name: "asc_pageview", params: base }];
    const meta: StandardEvent[] = [{ name: "PageView", params: {} }];
    if (page.car) {
      ga4.push({ name: "asc_item_pageview", params: base });
      meta.push({ name: "ViewContent", params: metaVehicle(page) });
    }
    if (page.promotion) ga4.push({ name: "asc_special_offer", params: { ...base, promotion_name: page.promotion, event_action: "view" } });
    return { ga4, meta };
  }
  const { id, label } = interaction;
  if (LEAD_IDS.has(id)) {
    const department = leadDepartment(id, label);
    const ga4 = [
      {
        name: "asc_form_submission",
        params: {
          ...base,
          comm_type: "form",
          form_name: label ?? "enquiry",
          form_type: FORM_TYPES[label ?? ""] ?? "consumer_contact",
          department,
          ...(interaction.eventId ? { event_id: interaction.eventId } : {}),
        },
      },
    ];
    const lead: StandardEvent = { name: "Lead", params: { ...metaVehicle(page), content_category: department }, ...(interaction.eventId ? { eventID: interaction.eventId } : {}) };
    // A job application is not a customer: no advertising conversion.
    return { ga4, meta: department === "other" ? [] : [lead] };
  }
  switch (id) {
    case ANALYTICS_EVENTS.phoneReveal:
      if (interaction.phone) {
        const number = interaction.phone.replace(/^tel:/, "");
        return {
          ga4: [{ name: "asc_click_to_call", params: { ...base, comm_type: "call", comm_phone_number: number, department: callDepartment(interaction.department, page.page_type) } }],
          meta: [{ name: "Contact", params: metaVehicle(page) }],
        };
      }
      return { ga4: [cta("Show number", "reveal")], meta: [] };
    case ANALYTICS_EVENTS.searchPageView: {
      const query = interaction.query?.trim().slice(0, 100);
      return {
        ga4: [{ name: "asc_itemlist_pageview", params: { ...base, ...(query ? { search_term: query } : {}) } }],
        meta: [{ name: "Search", params: { content_type: "vehicle", search_string: query ?? "", currency: page.currency, country: metaCountry(page.country) } }],
      };
    }
    case ANALYTICS_EVENTS.watchlistSave:
      // The spec's event 39 is the watchlist's save and the favourites heart's: the same events, the heart's button text.
      return { ga4: [cta(label === FAVOURITE_LABEL ? "Favourite" : "Save", "save")], meta: [{ name: "AddToWishlist", params: metaVehicle(page) }] };
    case ANALYTICS_EVENTS.financeCalculator:
      return {
        ga4: [{ name: "asc_element_configuration", params: { ...base, element_type: "payment_calculator", event_action: "change", event_action_result: "calc" } }],
        meta: [],
      };
    case ANALYTICS_EVENTS.historyReport:
      return { ga4: [cta("History report", "open")], meta: [] };
    case ANALYTICS_EVENTS.print:
      return { ga4: [cta("Print", "print")], meta: [] };
  }
  return { ga4: [], meta: [] };
}
