import type { NavItem, NavLeaf } from "../../schemas/generated/tenant";

/** Strips query, hash and a trailing slash so "/finance/?a=1" matches the path "/finance". */
export function normalisePath(href: string): string {
  const path = href.split(/[?#]/, 1)[0] ?? "";
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** True when a site-relative href points at the current path. */
export function isCurrent(href: string | undefined, path: string): boolean {
  if (!href || !href.startsWith("/")) return false;
  return normalisePath(href) === normalisePath(path);
}

/** A menu link as the browser's menu draws it: `onlyWhenOffers` settled on the server, `newTab` only when true. */
export type MenuLeaf = Omit<NavLeaf, "onlyWhenOffers" | "newTab"> & { newTab?: true };
export type MenuItem = Omit<NavItem, "onlyWhenOffers" | "newTab" | "children"> & { newTab?: true; children?: MenuLeaf[] };

/** The fields the menu reads: a false `newTab` and `onlyWhenOffers` on every link were about 2 KB of each page's payload. */
function menuLink<T extends { onlyWhenOffers?: boolean; newTab?: boolean }>({ onlyWhenOffers: _settled, newTab, ...rest }: T) {
  return newTab ? { ...rest, newTab: true as const } : rest;
}

/** The menu as visitors see it: offers-only items hidden while the site has no live offers, and parents left without children dropped. */
export function visibleItems(items: readonly NavItem[], hasOffers: boolean): MenuItem[] {
  const shown = (item: { onlyWhenOffers?: boolean }) => hasOffers || !item.onlyWhenOffers;
  return items.filter(shown).flatMap((item): MenuItem[] => {
    const { children: all, ...own } = item;
    if (!all) return [menuLink(own)];
    const children = all.filter(shown).map(menuLink);
    if (children.length) return [{ ...menuLink(own), children }];
    return item.href ? [menuLink(own)] : [];
  });
}

export interface NavGroup {
  /** The heading, or "" for children without a group (listed first, without a heading). */
  name: string;
  links: MenuLeaf[];
}

/** Children grouped by `group`, in order of first appearance. */
export function groupChildren(children: readonly MenuLeaf[]): NavGroup[] {
  const groups = new Map<string, MenuLeaf[]>();
  for (const child of children) {
    const name = child.group?.trim() ?? "";
    groups.set(name, [...(groups.get(name) ?? []), child]);
  }
  const ordered = [...groups].map(([name, links]) => ({ name, links }));
  return [...ordered.filter((g) => !g.name), ...ordered.filter((g) => g.name)];
}

export const isMega = (children: readonly MenuLeaf[]) => children.some((c) => c.group?.trim());
