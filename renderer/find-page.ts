import { decodeComponent } from "../domain/uri";
import { SUCCESS_TEXT, SUCCESS_TITLE } from "../domain/lead-forms";
import type { Page, TenantDocument } from "./types";

/** Normalises a request path: one leading slash, no trailing slash, lower case. */
export function normalisePath(segments: string[] | string): string {
  const raw = Array.isArray(segments) ? segments.map((s) => decodeComponent(s)).join("/") : segments;
  const path = `/${raw.split("/").filter(Boolean).join("/")}`;
  return path.toLowerCase();
}

const TEMPLATE_ROUTES: [RegExp, NonNullable<Page["template"]>][] = [
  [/^\/cars\/[a-z0-9-]+$/, "vehicle-detail"],
  [/^\/search(\/.*)?$/, "search"],
  [/^\/locations\/[a-z0-9-]+$/, "location-detail"],
];

// Sites with used-car paths also serve their search under /used-car/… (spec §2, the used variant).
const USED_CAR_ROUTE = /^\/used-car(\/.*)?$/;

/**
 * Pages every site has (spec leads §2 routes: /success after a lead), served with these defaults
 * unless the tenant document has its own page at the path.
 */
export const BUILT_IN_PAGES: Page[] = [
  {
    id: "success",
    path: "/success",
    title: SUCCESS_TITLE,
    blocks: [
      {
        id: "lead-success",
        type: "lead-success",
        props: { title: SUCCESS_TITLE, text: SUCCESS_TEXT },
      },
    ],
  },
];

/** The page for a path: an exact path first, a built-in page, then the template page that serves that kind of URL. */
export function findPage(doc: TenantDocument, path: string): Page | null {
  const exact = doc.pages.find((p) => p.path === path) ?? BUILT_IN_PAGES.find((p) => p.path === path);
  if (exact) return exact;
  const template = TEMPLATE_ROUTES.find(([re]) => re.test(path))?.[1] ?? (doc.features.usedCarPaths && USED_CAR_ROUTE.test(path) ? "search" : undefined);
  if (!template) return null;
  if (template === "location-detail") {
    const slug = path.split("/")[2];
    if (!doc.locations.some((l) => l.visible !== false && l.slug === slug)) return null;
  }
  return doc.pages.find((p) => p.template === template) ?? null;
}
