import type { ImageAsset } from "../../schemas/generated/tenant";
import styles from "./site-header.module.css";

/** Pieces of the header's links, drawn both on the server (dealer links) and in MainMenu. */

/** The class names given, the false and undefined ones left out. */
export const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

export function Logo({ logo }: { logo?: ImageAsset }) {
  if (!logo) return null;
  // The label beside it names the link, so a menu logo is decoration.
  return <img className={styles.itemLogo} src={logo.src} alt="" width={logo.width} height={logo.height} loading="lazy" decoding="async" />;
}

export function NewTabHint({ newTab }: { newTab?: boolean }) {
  return newTab ? <span className="fc-visually-hidden"> (opens in a new tab)</span> : null;
}

export function linkTarget(link: { newTab?: boolean }) {
  return link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
}
