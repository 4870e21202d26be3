/**
 * Starter templates: one complete site per kind of dealer (STARTER_KINDS), belonging to no dealer.
 * A starter is built from the new-site wizard's answers, so the dealer's name, phone, e-mail,
 * location, hours, makes, colours, logo and dealerships land everywhere the site needs them
 * (header, footer, page titles and text, contact and location pages). Without answers, each fact
 * is placeholder copy (domain/placeholders.ts), and so is what only the dealer can write (their
 * story, their privacy policy) in every site. Every starter has home, search, vehicle, about,
 * contact, trade-in or sell-my-car, finance, privacy, location pages (service where fitting), and
 * links only to pages it has.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import { slugify } from "./search-paths";
import { escapeHtml } from "./escape-html";
import { PLACEHOLDER_IMAGES, PLACEHOLDER_MARK } from "./placeholders";
import { starterMenus } from "./starter-menus";
import { isNzRegion, STARTER_KINDS, textColourOn, timeZoneOf, USUAL_HOURS, type SiteAnswers, type StarterKind } from "./new-site";

type Doc = Record<string, any>;

export interface KindSpec {
  template: "classic" | "bold" | "minimal";
  noun: [string, string];
  carTypes: ("new" | "demo" | "used")[];
  service: boolean;
  /** The sell-your-car page: the trade-in wizard (Australia) or an enquiry (New Zealand: no rego lookup). */
  sellPath: "/trade-in" | "/sell-my-car";
  tradeInWizard: boolean;
  locator: boolean;
  tiles: { heading: string; attribute: "make" | "body"; carType?: "new" };
  colors: { primary: string; accent: string };
}

const SPECS: Record<StarterKind, KindSpec> = {
  franchise: {
    template: "classic", noun: ["Car", "Cars"], carTypes: ["new", "demo", "used"], service: true, sellPath: "/trade-in",
    tradeInWizard: true, locator: false, tiles: { heading: "New cars by body type", attribute: "body", carType: "new" }, colors: { primary: "#0b5394", accent: "#102a43" },
  },
  used: {
    template: "minimal", noun: ["Car", "Cars"], carTypes: ["used"], service: false, sellPath: "/sell-my-car",
    tradeInWizard: true, locator: false, tiles: { heading: "Popular makes", attribute: "make" }, colors: { primary: "#2f5d50", accent: "#22261f" },
  },
  group: {
    template: "bold", noun: ["Vehicle", "Vehicles"], carTypes: ["new", "demo", "used"], service: true, sellPath: "/trade-in",
    tradeInWizard: true, locator: true, tiles: { heading: "Our makes", attribute: "make" }, colors: { primary: "#b42318", accent: "#111827" },
  },
  caravan: {
    template: "classic", noun: ["Caravan", "Caravans"], carTypes: ["new", "used"], service: true, sellPath: "/trade-in",
    tradeInWizard: true, locator: false, tiles: { heading: "Find your kind of caravan", attribute: "body" }, colors: { primary: "#8a4b08", accent: "#243b2f" },
  },
  "moto-truck": {
    template: "bold", noun: ["Vehicle", "Vehicles"], carTypes: ["new", "demo", "used"], service: true, sellPath: "/trade-in",
    tradeInWizard: true, locator: false, tiles: { heading: "Bikes and trucks by style", attribute: "body" }, colors: { primary: "#c2410c", accent: "#1c1917" },
  },
  nz: {
    template: "minimal", noun: ["Car", "Cars"], carTypes: ["new", "demo", "used"], service: true, sellPath: "/sell-my-car",
    tradeInWizard: false, locator: false, tiles: { heading: "Browse by body type", attribute: "body" }, colors: { primary: "#0f5f73", accent: "#13262f" },
  },
};

const ph = (text: string) => `${PLACEHOLDER_MARK} ${text}`;

/** The answers a starter shows before anyone gives theirs: every dealer fact a placeholder. */
export function placeholderAnswers(kind: StarterKind): SiteAnswers {
  return {
    kind,
    name: ph("Dealer name"),
    slug: `starter-${kind}`,
    domains: [],
    makes: [],
    leadEmail: "",
    phone: "",
    location: { name: ph("Main location"), street: ph("Street address"), city: ph("Town or suburb"), state: kind === "nz" ? "AUK" : "NSW", postcode: "0000" },
    hours: USUAL_HOURS,
    dealerships: [{ id: 1, name: ph("Dealership name") }],
    colors: SPECS[kind].colors,
    logo: null,
  };
}

const list = (words: string[]) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`);
// Sentences made from answers stay within their fields' limits (a description is at most 300 characters).
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const block = (id: string, type: string, props: Doc = {}) => ({ id, type, props });
const richText = (id: string, heading: string, html: string) => block(id, "rich-text", { heading, html });

// A slug has at most 63 characters: room is left for "-service" and a number.
const shortSlug = (text: string) => slugify(text).slice(0, 50).replace(/-+$/, "");

/** Unique slugs for the dealerships' names. */
function dealershipSlugs(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name, i) => {
    let slug = shortSlug(name) || `dealership-${i + 1}`;
    for (let n = 2; seen.has(slug); n++) slug = `${shortSlug(name) || "dealership"}-${n}`;
    seen.add(slug);
    return slug;
  });
}

/** The site document for `answers` (a complete starter; placeholders where no answer is given). */
export function buildStarter(answers: SiteAnswers): TenantDocument {
  // A kind that services, unless the wizard was told this dealer does not.
  const spec = { ...SPECS[answers.kind], service: SPECS[answers.kind].service && answers.service !== false };
  const stockKinds = STARTER_KINDS.find((k) => k.id === answers.kind)!.stockKinds;
  const { name, location: loc } = answers;
  const nz = isNzRegion(loc.state);
  const [one, many] = spec.noun;
  const plural = many.toLowerCase();
  const makes = answers.makes;
  const makeSlugs = [...new Set(makes.map((m) => slugify(m).slice(0, 63).replace(/-+$/, "")).filter(Boolean))];
  const city = loc.city;
  const phone = answers.phone || undefined;
  const email = answers.leadEmail || undefined;
  const contact = { ...(phone ? { phone } : {}), ...(email ? { email } : {}) };
  const newOnes = makes.length > 4 ? `new ${plural} of ${makes.length} makes` : `new ${list(makes)} ${plural}`;
  const what = makes.length && spec.carTypes.includes("new") ? `${newOnes} and quality used ${plural}` : spec.carTypes.includes("new") ? `new and used ${plural}` : `quality used ${plural}`;
  const sellLabel = spec.sellPath === "/trade-in" ? "Trade-in" : "Sell My Car";

  const slugs = dealershipSlugs(answers.dealerships.map((d) => d.name));
  const dealerships = answers.dealerships.map((d, i) => ({
    id: d.id,
    slug: slugs[i],
    name: d.name,
    ...(makes.length ? { makes } : {}),
    ...(email ? { leadEmail: email } : {}),
    ...(phone ? { phone } : {}),
  }));
  const dealershipId = answers.dealerships[0].id;
  const locSlug = shortSlug(loc.name) || "main";
  const place = {
    dealership_id: dealershipId,
    ...(makeSlugs.length ? { manufacturers: makeSlugs } : {}),
    address: { street: loc.street, city: loc.city, state: loc.state, postcode: loc.postcode },
    ...(Object.keys(contact).length ? { contact_detail: contact } : {}),
    opening_hours: answers.hours,
  };
  const locations = [
    { id: 1, name: loc.name, slug: locSlug, primary: true, location_type: "sales", ...place, ...(loc.licence ? { dealer_license_number: loc.licence } : {}) },
    // The workshop at the same address: /contact-us/{slug} shows both departments (its name ends in Service).
    ...(spec.service ? [{ id: 2, name: `${loc.name} Service`, slug: `${locSlug}-service`, location_type: "service-and-parts", ...place }] : []),
  ];

  const { navigation, footer } = starterMenus(spec, name, many, sellLabel);

  const sellPage = spec.tradeInWizard
    ? [block("sell-wizard", "trade-in-wizard", { heading: sellLabel === "Trade-in" ? "Value My Trade-in" : "Sell My Car", intro: `Enter your registration and state for an instant offer from ${name}, valid for 7 days.`, contactHref: "/contact-us" })]
    : [block("sell-enquiry", "enquiry-form", { variant: "enquiry", title: "Sell or trade in your car", intro: "Tell us its make, model, year and kilometres, and we will come back to you with an offer.", showNotice: true })];

  const pages: Doc[] = [
    {
      id: "home", path: "/", title: `${name} | ${spec.carTypes.includes("new") ? "New and Used" : "Used"} ${many} in ${city}`,
      description: clip(`${name} sells ${what} in ${city}.`, 300),
      blocks: [
        block("home-search", "search-hero", { intro: clip(`Search ${what} at ${name}.`, 200) }),
        block("home-tiles", "facet-tiles", { ...spec.tiles, limit: 8 }),
        richText("home-intro", `Welcome to ${name}`, `<p>${escapeHtml(name)} sells ${escapeHtml(what)} in ${escapeHtml(city)}.</p><p><a href="/search">Browse all our ${escapeHtml(plural)}</a>, <a href="${spec.sellPath}">get an offer for yours</a> or <a href="/contact-us">ask us anything</a>.</p>`),
        block("home-locations", "location-list", { title: "Visit us", layout: "list" }),
      ],
    },
    {
      id: "about-us", path: "/about-us", title: "About Us", description: clip(`About ${name} in ${city}.`, 300),
      blocks: [
        richText("about-story", `About ${name}`, `<p>${escapeHtml(ph(`Tell visitors who you are: how long you have been in ${city}, who runs the business and what makes buying from you different.`))}</p>`),
        block("about-locations", "location-list", { title: "Where to find us", layout: "list" }),
      ],
    },
    {
      id: "contact-us", path: "/contact-us", title: "Contact Us", description: clip(`Send ${name} an enquiry, or call and visit us in ${city}.`, 300),
      blocks: [
        block("contact-enquiry", "enquiry-form", { variant: "enquiry", title: "Make an Enquiry", intro: `Tell us what you are after and the ${name} team will get back to you.`, showNotice: true }),
        block("contact-locations", "location-list", { title: "Visit us", layout: "list" }),
      ],
    },
    { id: "sell-my-car", path: spec.sellPath, title: "Sell My Car", description: clip(`Sell or trade in your car with ${name}.`, 300), blocks: sellPage },
    ...(spec.service
      ? [{
          id: "service", path: "/service", title: "Book a Service", description: clip(`Book a service at ${name} in ${city}.`, 300),
          blocks: [
            block("service-booking", "service-booking", { title: "Book a Service", anchor: "service-form", intro: "Tell us about you and your vehicle, and choose a day: we will confirm your booking by phone or e-mail." }),
            block("service-contact", "service-contact", { heading: "Contact our service team" }),
          ],
        }]
      : []),
    {
      id: "finance", path: "/finance", title: "Finance", description: clip(`Finance for your next ${one.toLowerCase()} from ${name}.`, 300),
      blocks: [block("finance-enquiry", "enquiry-form", { variant: "finance", title: "Finance Enquiry", anchor: "finance-form", intro: "Tell us what you would like to finance and our team will come back to you with a quote." })],
    },
    {
      id: "privacy-policy", path: "/privacy-policy", title: "Privacy Policy", description: clip(`How ${name} handles your personal information.`, 300),
      blocks: [
        richText("privacy-policy", "Privacy Policy", `<p>${escapeHtml(ph(`Your privacy policy under the ${nz ? "Privacy Act 2020" : "Privacy Act 1988 and the Australian Privacy Principles"}: what you collect through this website (enquiries, finance, trade-in and service details), why, who you share it with, how people can see or correct theirs, and how to reach your privacy officer.`))}</p>`),
      ],
    },
    ...(spec.locator
      ? [{ id: "dealer-locator", path: "/dealer-locator", title: "Our Locations", description: clip(`Find your nearest ${name} location.`, 300), blocks: [block("dealer-locator", "dealer-locator")] }]
      : []),
    { id: "search", template: "search", title: "Search", description: clip(`Search ${what} at ${name}.`, 300), blocks: [block("search-results", "search-results", { heading: `${many} for sale`, layout: "grid" })] },
    {
      id: "vehicle-detail", template: "vehicle-detail", title: `${one} details`,
      blocks: [
        block("vdp-sticky-header", "vehicle-sticky-header"),
        block("vdp-breadcrumbs", "breadcrumbs"),
        block("vdp-gallery", "vehicle-gallery"),
        block("vdp-summary", "vehicle-summary"),
        block("vdp-phone", "phone-box"),
        block("vdp-actions", "vehicle-actions"),
        block("vdp-key-info", "vehicle-key-info"),
        block("vdp-specs", "vehicle-specs"),
        block("vdp-comments", "dealer-comments"),
        block("vdp-finance", "finance-calculator"),
        block("vdp-similar", "similar-cars"),
      ],
    },
    { id: "location-detail", template: "location-detail", title: "Location", blocks: [block("location-info", "location-info"), block("location-enquiry", "enquiry-form", { title: "Enquire with this location", anchor: "location-enquiry" })] },
    { id: "location-contact", template: "contact-us", title: "Contact us", blocks: [block("location-contact-info", "location-info"), block("location-contact-enquiry", "enquiry-form", { title: "Send us a message", anchor: "location-enquiry" })] },
  ];

  const doc: Doc = {
    schemaVersion: 1,
    identity: {
      name,
      slug: answers.slug,
      groupName: name,
      domains: answers.domains,
      locale: nz ? "en-NZ" : "en-AU",
      currency: nz ? "NZD" : "AUD",
      timeZone: timeZoneOf(loc.state),
      ...(nz ? {} : { state: loc.state }),
      ...(answers.kind === "franchise" && makes.length === 1 ? { manufacturer: makes[0] } : {}),
      vehicleNoun: { singular: one, plural: many },
      stockKinds: stockKinds,
      carTypes: spec.carTypes,
      ...contact,
    },
    template: spec.template,
    theme: {
      colors: {
        primary: answers.colors.primary, onPrimary: textColourOn(answers.colors.primary),
        accent: answers.colors.accent, onAccent: textColourOn(answers.colors.accent),
        background: "#ffffff", surface: "#f5f7fa", text: "#1f2933", muted: "#52606d", border: "#d9e2ec",
      },
      fonts: { heading: "system", body: "system" },
      radius: 6,
      logo: answers.logo
        ? { src: answers.logo.src, alt: `${name} logo`, width: answers.logo.width, height: answers.logo.height }
        : { src: `${PLACEHOLDER_IMAGES}logo.svg`, alt: `${name} logo`, width: 180, height: 48 },
    },
    features: {
      watchlist: false, favourites: false, compare: false, reserveOnline: { enabled: false }, onlinePurchase: false,
      tradeIn: { enabled: spec.tradeInWizard }, auth: { enabled: false }, garage: { enabled: false },
      calculators: { finance: true, fuel: !stockKinds.includes("caravan"), delivery: false },
      consumerInformationNotice: nz,
    },
    search: spec.carTypes.includes("new") ? {} : { carTypeOptions: spec.carTypes },
    forms: {
      enquiry: {
        categories: ["General Enquiry", "Sales Enquiry", "Finance Enquiry", "Trade-in Enquiry", ...(spec.service ? ["Service Enquiry", "Parts Enquiry"] : [])],
        privacyPolicyLink: true,
        // The news-and-offers box starts unticked: express consent (Spam Act 2003, NZ Unsolicited Electronic Messages Act 2007).
        fields: { optIn: { show: true, required: false, ticked: false } },
      },
    },
    copy: { aboutText: clip(`${name} sells ${what} in ${city}.`, 2000) },
    navigation,
    footer,
    dealerships,
    locations,
    layout: {
      top: [block("top-header", "site-header", { sticky: true, showDealerLinks: true, showPhone: true })],
      bottom: [block("bottom-footer", "site-footer", { showLocations: true, showSocial: false })],
    },
    pages,
  };
  return doc as TenantDocument;
}

/** Where a starter's second colour shows: the bold template's header bar and footer are in it; the others stay light. */
/** Whether a kind of site has a service department to ask about. */
export const kindServices = (kind: StarterKind): boolean => SPECS[kind].service;

export const secondColourShows = (kind: StarterKind): string =>
  SPECS[kind].template === "bold" ? "The header bar and footer, the tags on car photos and focus rings." : "The tags on car photos, quotes and focus rings (this kind of site keeps a light header bar).";

/** The starter of `kind` as it is before the wizard's answers: every dealer fact a placeholder. */
export const starterDocument = (kind: StarterKind): TenantDocument => buildStarter(placeholderAnswers(kind));
