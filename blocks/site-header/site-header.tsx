import type { ReactNode } from "react";
import { formatCallNumber, telHref } from "../../domain/phone";
import type { ImageAsset, Link, NavItem, NavLeaf } from "../../schemas/generated/tenant";
import type { BlockComponent } from "../../renderer/types";
import { liveOfferCount } from "../../domain/offers";
import { listPagePath } from "../../domain/car-lists";
import { ListDock } from "../_shared/favourites.client";
import { groupChildren, isCurrent, isMega, visibleItems } from "./navigation";
import { MenuButton } from "./site-header.client";
import styles from "./site-header.module.css";

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

function Logo({ logo }: { logo?: ImageAsset }) {
  if (!logo) return null;
  // The label beside it names the link, so a menu logo is decoration.
  return <img className={styles.itemLogo} src={logo.src} alt="" width={logo.width} height={logo.height} loading="lazy" decoding="async" />;
}

function NewTabHint({ newTab }: { newTab?: boolean }) {
  return newTab ? <span className="fc-visually-hidden"> (opens in a new tab)</span> : null;
}

function linkTarget(link: Pick<Link, "newTab">) {
  return link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
}

function LeafLink({ leaf, path }: { leaf: NavLeaf; path: string }) {
  return (
    <a className={styles.menuLink} href={leaf.href} {...linkTarget(leaf)} aria-current={isCurrent(leaf.href, path) ? "page" : undefined}>
      <Logo logo={leaf.logo} />
      <span>{leaf.label}</span>
      <NewTabHint newTab={leaf.newTab} />
    </a>
  );
}

function Dropdown({ item, menuName, idBase, path }: { item: NavItem; menuName: string; idBase: string; path: string }) {
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
            <div className={styles.group} key={group.name || "_"}>
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
    <details name={menuName} className={cx(styles.dropdown, mega && styles.dropdownMega)}>
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

const SiteHeader: BlockComponent<"site-header"> = ({ id, props, ctx }) => {
  const { tenant, path } = ctx;
  const { identity, theme } = tenant;
  const items = visibleItems(tenant.navigation.items, liveOfferCount(tenant, new Date()) > 0);
  const dealerLinks = props.showDealerLinks ? (tenant.navigation.dealerLinks ?? []) : [];
  const phone = props.showPhone ? identity.phone : undefined;
  const navId = `${id}-nav`;
  const favouritesPath = listPagePath(tenant, "favourites");
  const comparePath = listPagePath(tenant, "compare");

  return (
    <header className={cx(styles.header, props.sticky && styles.sticky, props.menuBelow && styles.menuBelow)} data-sticky={props.sticky || undefined}>
      {dealerLinks.length ? (
        <div className={styles.utility}>
          <nav className="fc-container" aria-label="Dealer links">
            <ul className={styles.dealerLinks}>
              {dealerLinks.map((link) => (
                <li key={link.href + link.label}>
                  <a href={link.href} {...linkTarget(link)} aria-current={isCurrent(link.href, path) ? "page" : undefined}>
                    {link.label}
                    <NewTabHint newTab={link.newTab} />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
      <div className={cx("fc-container", styles.bar)}>
        <a className={styles.brand} href="/">
          <img
            className={styles.logo}
            src={theme.logo.src}
            alt={theme.logo.alt.trim() || identity.name}
            width={theme.logo.width}
            height={theme.logo.height}
          />
        </a>
        {items.length ? <MenuButton controls={navId} className={styles.toggle} labelClassName={styles.menuLabel} /> : null}
        {items.length ? (
          <nav id={navId} className={styles.nav} aria-label="Main">
            <ul className={styles.menu}>
              {items.map((item, i) => (
                <li key={`${i}-${item.label}`} className={cx(styles.item, item.children && isMega(item.children) && styles.itemMega)}>
                  {item.children ? (
                    <Dropdown item={item} menuName={`${id}-menu`} idBase={`${navId}-${i}`} path={path} />
                  ) : (
                    <a
                      className={styles.topLink}
                      href={item.href}
                      {...linkTarget(item)}
                      aria-current={isCurrent(item.href, path) ? "page" : undefined}
                    >
                      <Logo logo={item.logo} />
                      <span>{item.label}</span>
                      <NewTabHint newTab={item.newTab} />
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className={styles.tools}>
          {favouritesPath || comparePath ? (
            <ListDock site={identity.slug} favouritesPath={favouritesPath} comparePath={comparePath} linkClassName={styles.listLink} />
          ) : null}
          {phone ? (
            <a className={styles.phone} href={telHref(phone)}>
              <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
                <path
                  fill="currentColor"
                  d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1z"
                />
              </svg>
              <span className="fc-visually-hidden">Call </span>
              <span className={styles.phoneNumber}>{formatCallNumber(phone, identity.locale)}</span>
            </a>
          ) : null}
        </div>
      </div>
    </header>
  );
};

export default SiteHeader;
