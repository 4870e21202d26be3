/** A starter site's menus: the header's navigation and dealer links, and the footer's link groups (domain/starters.ts). */
import type { KindSpec } from "./starters";

/** The header and footer of a starter of `spec`, for a site called `name` selling `many` ("Cars"). */
export function starterMenus(spec: Pick<KindSpec, "carTypes" | "service" | "sellPath" | "locator">, name: string, many: string, sellLabel: string) {
  const stock = [
    ...(spec.carTypes.includes("new") ? [{ label: `New ${many}`, href: "/search/new-cars" }] : []),
    { label: `Used ${many}`, href: "/search/used-cars" },
  ];
  const navigation = {
    items: [
      { label: "Home", href: "/" },
      ...stock,
      { label: sellLabel, href: spec.sellPath },
      ...(spec.service ? [{ label: "Service", href: "/service" }] : []),
      { label: "Finance", href: "/finance" },
      { label: "About Us", href: "/about-us" },
      { label: "Contact", href: "/contact-us", ...(spec.locator ? { children: [{ label: "Our Locations", href: "/dealer-locator" }, { label: "Contact Us", href: "/contact-us" }] } : {}) },
    ],
    dealerLinks: [
      ...(spec.service ? [{ label: "Book a Service", href: "/service#service-form" }] : []),
      { label: "Make an Enquiry", href: "/contact-us" },
      { label: spec.sellPath === "/trade-in" ? "Value My Trade-in" : "Sell My Car", href: spec.sellPath },
    ],
  };
  const footer = {
    groups: [
      // Copies: the validator fills menu items' defaults in, which a footer link may not have.
      { title: many, links: [...stock.map((l) => ({ ...l })), { label: `All ${many}`, href: "/search" }] },
      {
        title: "Buyer Tools",
        links: [{ label: "Finance", href: "/finance" }, { label: sellLabel, href: spec.sellPath }, ...(spec.service ? [{ label: "Book a Service", href: "/service" }] : [])],
      },
      {
        title: name,
        links: [{ label: "About Us", href: "/about-us" }, ...(spec.locator ? [{ label: "Our Locations", href: "/dealer-locator" }] : []), { label: "Contact Us", href: "/contact-us" }],
      },
    ],
    legalLinks: [{ label: "Privacy Policy", href: "/privacy-policy" }],
    locationLinks: true,
    locationHours: true,
  };
  return { navigation, footer };
}
