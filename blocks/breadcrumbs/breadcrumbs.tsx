import type { BlockComponent } from "../../renderer/types";
import { jsonLdText } from "../../domain/vehicle-seo";
import { breadcrumbJsonLd, vdpCrumbs } from "./crumbs";
import styles from "./breadcrumbs.module.css";

/** The vehicle page's trail: Home > car type list > make > model > body > current (spec §2), with its BreadcrumbList JSON-LD. */
const Breadcrumbs: BlockComponent<"breadcrumbs"> = async ({ props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const crumbs = vdpCrumbs(car, ctx.tenant, props.homeLabel || "Home");
  return (
    <nav aria-label="Breadcrumb" className={`fc-container ${styles.nav}`}>
      <ol className={styles.list}>
        {crumbs.map((c, i) => (
          <li key={`${i}-${c.label}`} className={styles.item}>
            {c.href ? (
              <a href={c.href}>{c.label}</a>
            ) : (
              <span aria-current="page" className={styles.current}>
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
      {props.structuredData !== false ? (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(breadcrumbJsonLd(crumbs, ctx.path, ctx.tenant.identity.domains[0])) }} />
      ) : null}
    </nav>
  );
};

export default Breadcrumbs;
