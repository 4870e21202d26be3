/**
 * A content section of the same shape on every site: a heading, an optional intro and a list of
 * items (icon, title, text). Why Buy From Us?, What's Included, Protect Your Car, Features and the
 * used-car checks are thin blocks over it, each with its own defaults (their schema.json).
 */
import type { ReactNode } from "react";
import type { IconItem } from "../../schemas/generated/tenant";
import { Icon } from "./icons";
import styles from "./icon-list.module.css";

export type IconListLayout = "tiles" | "list" | "checklist";

export interface IconListProps {
  heading: string;
  intro?: string;
  items: IconItem[];
  layout: IconListLayout;
  /** Names the section for tests and styling hooks. */
  block: string;
  children?: ReactNode;
}

export function IconListSection({ id, heading, intro, items, layout, block, children }: IconListProps & { id: string }) {
  const headingId = `${id}-heading`;
  return (
    <section className={`fc-container ${styles.section}`} aria-labelledby={headingId} data-block={block}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {items.length ? (
        <ul className={styles.items} data-layout={layout}>
          {items.map((item, i) => (
            <li key={i} className={styles.item}>
              <span className={styles.icon}>
                <Icon name={item.icon ?? "check"} size={layout === "tiles" ? 32 : 22} />
              </span>
              <span className={styles.body}>
                <strong className={styles.title}>{item.title}</strong>
                {item.text ? <span className={styles.text}>{item.text}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  );
}
