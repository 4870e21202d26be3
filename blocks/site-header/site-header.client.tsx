"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { cx, Logo, NewTabHint, linkTarget } from "./links";
import { groupChildren, isCurrent, isMega, type MenuItem, type MenuLeaf } from "./navigation";
import styles from "./site-header.module.css";

/**
 * The small-screen menu button. It also gives the header's native <details> dropdowns what HTML
 * does not: Escape closes the open one (focus back on its summary), and so do a click outside or
 * tabbing out of it.
 */
export function MenuButton({ controls, className, labelClassName }: { controls: string; className?: string; labelClassName?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const header = button.current?.closest("header");
    if (!header) return;
    const openDetails = () => [...header.querySelectorAll<HTMLDetailsElement>("details[open]")];

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const current = openDetails();
      if (current.length) {
        for (const d of current) d.open = false;
        current[0].querySelector("summary")?.focus();
      } else if (open) {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (header.contains(event.target as Node)) return;
      for (const d of openDetails()) d.open = false;
      setOpen(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      const details = (event.target as Element | null)?.closest?.("details");
      if (details?.open && !details.contains(event.relatedTarget as Node | null)) details.open = false;
    };

    header.addEventListener("keydown", onKeyDown);
    header.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      header.removeEventListener("keydown", onKeyDown);
      header.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return (
    <button
      ref={button}
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen((o) => !o)}
    >
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
        {open ? (
          <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <span className={labelClassName}>Menu</span>
    </button>
  );
}

function LeafLink({ leaf, path }: { leaf: MenuLeaf; path: string }) {
  return (
    <a className={styles.menuLink} href={leaf.href} {...linkTarget(leaf)} aria-current={isCurrent(leaf.href, path) ? "page" : undefined}>
      <Logo logo={leaf.logo} />
      <span>{leaf.label}</span>
      <NewTabHint newTab={leaf.newTab} />
    </a>
  );
}

function Dropdown({ item, menuName, idBase, path }: { item: MenuItem; menuName: string; idBase: string; path: string }) {
  const children = item.children ?? [];
  const mega = isMega(children);
  const active = isCurrent(item.href, path) || children.some((c) => isCurrent(c.href, path));
  let panel: ReactNode;
  if (mega) {
    panel = (
      <div className={styles.mega}>
        {groupChildren(children).map((group, g) => {
          const headingId = `${idBase}-group-${g}`;
          return (
            <div key={group.name || "_"}>
              {group.name ? (
                <p className={styles.groupHeading} id={headingId}>
                  {group.name}
                </p>
              ) : null}
              <ul className={styles.groupList} aria-labelledby={group.name ? headingId : undefined}>
                {group.links.map((leaf) => (
                  <li key={leaf.href + leaf.label}>
                    <LeafLink leaf={leaf} path={path} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    );
  } else {
    panel = (
      <ul className={styles.dropdownList}>
        {children.map((leaf) => (
          <li key={leaf.href + leaf.label}>
            <LeafLink leaf={leaf} path={path} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <details name={menuName} className={styles.dropdown}>
      <summary className={styles.trigger} data-active={active || undefined}>
        <Logo logo={item.logo} />
        <span>{item.label}</span>
        <svg className={styles.caret} aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 12 12">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <div className={cx(styles.panel, mega && styles.panelMega)}>
        {item.href && !children.some((c) => c.href === item.href) ? (
          <a
            className={styles.overview}
            href={item.href}
            {...linkTarget(item)}
            aria-current={isCurrent(item.href, path) ? "page" : undefined}
          >
            View all<span className="fc-visually-hidden"> {item.label}</span>
          </a>
        ) : null}
        {panel}
      </div>
    </details>
  );
}

/**
 * The main menu. A client component (it has no state) so that the page's payload carries the site's
 * menu items rather than the menu's element tree: a mega menu of forty links had been 18 KB of every page.
 */
export function MainMenu({ navId, menuName, items, path }: { navId: string; menuName: string; items: MenuItem[]; path: string }) {
  return (
    <nav id={navId} className={styles.nav} aria-label="Main">
      <ul className={styles.menu}>
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`} className={cx(styles.item, item.children && isMega(item.children) && styles.itemMega)}>
            {item.children ? (
              <Dropdown item={item} menuName={menuName} idBase={`${navId}-${i}`} path={path} />
            ) : (
              <a className={styles.topLink} href={item.href} {...linkTarget(item)} aria-current={isCurrent(item.href, path) ? "page" : undefined}>
                <Logo logo={item.logo} />
                <span>{item.label}</span>
                <NewTabHint newTab={item.newTab} />
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
