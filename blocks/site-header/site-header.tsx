import { formatCallNumber, telHref } from "../../domain/phone";
import type { BlockComponent } from "../../renderer/types";
import { liveOfferCount } from "../../domain/offers";
import { listPagePath } from "../../domain/car-lists";
import { ListDock } from "../_shared/favourites.client";
import { isCurrent, visibleItems } from "./navigation";
import { cx, NewTabHint, linkTarget } from "./links";
import { MainMenu, MenuButton } from "./site-header.client";
import styles from "./site-header.module.css";

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
        {items.length ? <MainMenu navId={navId} menuName={`${id}-menu`} items={items} path={path} /> : null}
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
