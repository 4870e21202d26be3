"use client";

import { useEffect, useMemo, useState, type MouseEvent } from "react";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { PDF_PREPARING, printHref, SHARE_NETWORK_NAMES, shareHref, type ShareNetwork } from "../../domain/vdp-share";
import { browserEnv, copyLink, createFlash, downloadPdf, openShareWindow, type ActionsEnv } from "./actions";
import toastStyles from "../_shared/toast.module.css";
import styles from "./vehicle-actions.module.css";

// Brand marks: Facebook, X and WhatsApp from Simple Icons (CC0); LinkedIn's "in" drawn here.
const BRAND_ICONS: Record<Exclude<ShareNetwork, "email">, string> = {
  facebook:
    "M9.101 23.691v-7.98H6.627v-3.667h2.474v-1.58c0-4.085 1.848-5.978 5.858-5.978.401 0 .955.042 1.468.103a8.68 8.68 0 0 1 1.141.195v3.325a8.623 8.623 0 0 0-.653-.036 26.805 26.805 0 0 0-.733-.009c-.707 0-1.259.096-1.675.309a1.686 1.686 0 0 0-.679.622c-.258.42-.374.995-.374 1.752v1.297h3.919l-.386 2.103-.287 1.564h-3.246v8.245C19.396 23.238 24 18.179 24 12.044c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.628 3.874 10.35 9.101 11.647Z",
  x: "M14.234 10.162 22.977 0h-2.072l-7.591 8.824L7.251 0H.258l9.168 13.343L.258 24H2.33l8.016-9.318L16.749 24h6.993zm-2.837 3.299-.929-1.329L3.076 1.56h3.182l5.965 8.532.929 1.329 7.754 11.09h-3.182z",
  linkedin:
    "M4 1.5h16A2.5 2.5 0 0 1 22.5 4v16a2.5 2.5 0 0 1-2.5 2.5H4A2.5 2.5 0 0 1 1.5 20V4A2.5 2.5 0 0 1 4 1.5zm1.6 4.6a1.8 1.8 0 1 0 3.6 0 1.8 1.8 0 1 0-3.6 0zm.1 3.3v9.5h3.4V9.4zm5.4 0v9.5h3.3v-5c0-1.4.5-2.3 1.7-2.3 1.1 0 1.4.9 1.4 2.2v5.1h3.3v-5.7c0-2.8-1-4-3.3-4-1.5 0-2.6.7-3.1 1.6V9.4z",
  whatsapp:
    "M17.472 14.382c-.297-.149-1.758-.867-2.03-.967-.273-.099-.471-.148-.67.15-.197.297-.767.966-.94 1.164-.173.199-.347.223-.644.075-.297-.15-1.255-.463-2.39-1.475-.883-.788-1.48-1.761-1.653-2.059-.173-.297-.018-.458.13-.606.134-.133.298-.347.446-.52.149-.174.198-.298.298-.497.099-.198.05-.371-.025-.52-.075-.149-.669-1.612-.916-2.207-.242-.579-.487-.5-.669-.51-.173-.008-.371-.01-.57-.01-.198 0-.52.074-.792.372-.272.297-1.04 1.016-1.04 2.479 0 1.462 1.065 2.875 1.213 3.074.149.198 2.096 3.2 5.077 4.487.709.306 1.262.489 1.694.625.712.227 1.36.195 1.871.118.571-.085 1.758-.719 2.006-1.413.248-.694.248-1.289.173-1.413-.074-.124-.272-.198-.57-.347m-5.421 7.403h-.004a9.87 9.87 0 01-5.031-1.378l-.361-.214-3.741.982.998-3.648-.235-.374a9.86 9.86 0 01-1.51-5.26c.001-5.45 4.436-9.884 9.888-9.884 2.64 0 5.122 1.03 6.988 2.898a9.825 9.825 0 012.893 6.994c-.003 5.45-4.437 9.884-9.885 9.884m8.413-18.297A11.815 11.815 0 0012.05 0C5.495 0 .16 5.335.157 11.892c0 2.096.547 4.142 1.588 5.945L.057 24l6.305-1.654a11.882 11.882 0 005.683 1.448h.005c6.554 0 11.89-5.335 11.893-11.893a11.821 11.821 0 00-3.48-8.413Z",
};

// Line icons (stroked).
const LINE_ICONS = {
  email: "M3 6h18v12H3zM3 7l9 6 9-6",
  link: "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
  check: "M5 12.5l4.5 4.5L19 7",
  print: "M7 9V3h10v6M7 17H4v-7h16v7h-3M7 14h10v7H7z",
  download: "M12 3v12M7 10l5 5 5-5M5 20h14",
  report: "M7 3h7l4 4v14H7zM14 3v4h4M9.5 12h5M9.5 15.5h5",
} as const;

function BrandIcon({ network }: { network: Exclude<ShareNetwork, "email"> }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={BRAND_ICONS[network]} fill="currentColor" fillRule={network === "linkedin" ? "evenodd" : undefined} />
    </svg>
  );
}

function LineIcon({ name }: { name: keyof typeof LINE_ICONS }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={LINE_ICONS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export interface VehicleActionsBarProps {
  id: string;
  site: string;
  slug: string;
  /** The car's name for share texts and the toast, e.g. "2021 Toyota Corolla Ascent Sport". */
  name: string;
  /** The canonical URL; null when the site has no domain (then this page's own address). */
  url: string | null;
  path: string;
  label: string;
  networks: ShareNetwork[];
  copy: { kind: "inline" | "toast"; text: string; ms: number } | null;
  /** "print" opens the print view in a new tab; "pdf" downloads the PDF; null shows neither. */
  print: "print" | "pdf" | null;
  historyUrl: string | null;
  env?: ActionsEnv;
}

const NEW_WINDOW = " (opens in a new window)";
const NEW_TAB = " (opens in a new tab)";

/** The share bar, print / PDF and history report buttons of the VDP (spec §2 "Other controls"). */
export function VehicleActionsBar(props: VehicleActionsBarProps) {
  const { id, site, slug, name, path, label, networks, copy, print, historyUrl } = props;
  const env = useMemo(() => props.env ?? browserEnv(), [props.env]);
  // A site without a domain shares the address this page was opened at.
  const [url, setUrl] = useState(props.url ?? path);
  useEffect(() => {
    if (!props.url) setUrl(`${window.location.origin}${path}`);
  }, [props.url, path]);

  const [copied, setCopied] = useState(false);
  const flash = useMemo(() => createFlash(copy?.ms ?? 0, setCopied), [copy?.ms]);
  useEffect(() => () => flash.dispose(), [flash]);
  const [preparing, setPreparing] = useState(false);

  const share = (network: ShareNetwork, href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) is the browser's; a plain one opens the share window.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openShareWindow(env, network, href);
  };
  const pdf = () => {
    if (preparing) return;
    env.track(ANALYTICS_EVENTS.print, site);
    void downloadPdf(env, slug, setPreparing);
  };
  const inline = copy?.kind === "inline";

  return (
    <section className={`fc-container ${styles.bar}`} aria-label={label} data-block="vehicle-actions">
      {networks.length || copy ? (
        <div className={styles.share} role="group" aria-labelledby={`${id}-share`}>
          <span id={`${id}-share`} className={styles.label}>
            {label}
          </span>
          <ul className={`fc-plain-list ${styles.networks}`}>
            {networks.map((network) => {
              const href = shareHref(network, url, name);
              return (
                <li key={network}>
                  {network === "email" ? (
                    <a className={`fc-round-icon ${styles.round}`} href={href} data-share={network}>
                      <LineIcon name="email" />
                      <span className="fc-visually-hidden">Share by {SHARE_NETWORK_NAMES.email}</span>
                    </a>
                  ) : (
                    <a className={`fc-round-icon ${styles.round}`} href={href} target="_blank" rel="noopener noreferrer" data-share={network} onClick={share(network, href)}>
                      <BrandIcon network={network} />
                      <span className="fc-visually-hidden">
                        Share on {SHARE_NETWORK_NAMES[network]}
                        {NEW_WINDOW}
                      </span>
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
          {copy ? (
            <button type="button" className={styles.copy} data-copied={inline && copied} onClick={() => void copyLink(env, url, flash)}>
              <LineIcon name={inline && copied ? "check" : "link"} />
              <span aria-live="polite">{inline && copied ? copy.text : "Copy link"}</span>
            </button>
          ) : null}
        </div>
      ) : null}

      {print || historyUrl ? (
        <div className={styles.documents}>
          {print === "print" ? (
            <a className={`fc-button fc-button--ghost ${styles.doc}`} href={printHref(slug)} target="_blank" rel="noopener" onClick={() => env.track(ANALYTICS_EVENTS.print, site)}>
              <LineIcon name="print" />
              Print
              <span className="fc-visually-hidden">{NEW_TAB}</span>
            </a>
          ) : print === "pdf" ? (
            <button type="button" className={`fc-button fc-button--ghost ${styles.doc}`} aria-busy={preparing} aria-disabled={preparing || undefined} onClick={pdf}>
              {preparing ? <span className={`fc-spinner ${styles.spinner}`} aria-hidden="true" /> : <LineIcon name="download" />}
              <span aria-live="polite">{preparing ? PDF_PREPARING : "Download PDF"}</span>
            </button>
          ) : null}
          {historyUrl ? (
            <a className={`fc-button fc-button--ghost ${styles.doc}`} href={historyUrl} target="_blank" rel="noopener" onClick={() => env.track(ANALYTICS_EVENTS.historyReport, site)}>
              <LineIcon name="report" />
              History Report
              <span className="fc-visually-hidden">{NEW_TAB}</span>
            </a>
          ) : null}
        </div>
      ) : null}

      {copy?.kind === "toast" ? (
        <div className={`${toastStyles.toast} ${styles.toast}`} role="status" data-open={copied}>
          {copied ? copy.text : ""}
        </div>
      ) : null}
    </section>
  );
}
