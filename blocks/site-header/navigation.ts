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

/** The menu as visitors see it: offers-only items hidden while the site has no live offers, and parents left without children dropped. */
export function visibleItems(items: readonly NavItem[], hasOffers: boolean): NavItem[] {
  const shown = (item: { onlyWhenOffers?: boolean }) => hasOffers || !item.onlyWhenOffers;
  return items.filter(shown).flatMap((item) => {
    if (!item.children) return [item];
    const children = item.children.filter(shown);
    if (children.length) return [{ ...item, children }];
    return item.href ? [{ ...item, children: undefined }] : [];
  });
}

export interface NavGroup {
  /** The heading, or "" for children without a group (listed first, without a heading). */
  name: string;
  links: NavLeaf[];
}

/** Children grouped by `group`, in order of first appearance. */
export function groupChildren(children: readonly NavLeaf[]): NavGroup[] {
  const groups = new Map<string, NavLeaf[]>();
  for (const child of children) {
    const name = child.group?.trim() ?? "";
    groups.set(name, [...(groups.get(name) ?? []), child]);
  }
  const ordered = [...groups].map(([name, links]) => ({ name, links }));
  return [...ordered.filter((g) => !g.name), ...ordered.filter((g) => g.name)];
}

export const isMega = (children: readonly NavLeaf[]) => children.some((c) => c.group?.trim());
