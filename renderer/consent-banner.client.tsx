"use client";

import { useEffect, useRef, useState } from "react";
import { useTaskEffect } from "../blocks/_shared/task-effect";
import { applyConsent, choiceValue, chooseConsent, CONSENT_ASK_ATTR, CONSENT_CHOICE_ATTR, CONSENT_OPEN_EVENT, readConsent, sendStandard } from "./standard-analytics";
import { CALL_DEPARTMENT_ATTR } from "../domain/analytics-standards";
import styles from "./consent-banner.module.css";

export interface ConsentBannerProps {
  position: "bottom" | "top";
  /** The site's own sentence, else the standard one. */
  message?: string;
  /** Which tags the site has: only their choices are offered. */
  analytics: boolean;
  ads: boolean;
}

const NONE = { analytics: false, ads: false };
const ALL = { analytics: true, ads: true };

/** The standard sentence, naming only the tags the site has. */
export function consentMessage(analytics: boolean, ads: boolean): string {
  const uses = [analytics ? "analytics cookies (Google Analytics) to see how our site is used" : null, ads ? "advertising cookies (Meta) to show you our stock in ads on other sites" : null];
  return `We'd like to use ${uses.filter(Boolean).join(", and ")}. Nothing is set until you choose.`;
}

/**
 * The consent banner (issue 35). Always in the page's HTML, so it paints with the page and shifts
 * nothing; CSS shows it only while <html> carries data-fc-consent="ask", which the layout's inline
 * script sets before the first paint when the visitor has not chosen. Once hydrated it also sends a
 * returning visitor's choice to standard-analytics, and reopens from the footer's "Cookie settings".
 */
export function ConsentBanner({ position, message, analytics, ads }: ConsentBannerProps) {
  const [choosing, setChoosing] = useState(false);
  const [checked, setChecked] = useState({ analytics: false, ads: false });
  const region = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useTaskEffect(() => {
    const consent = readConsent();
    // The inline script only looks for the cookie's name: an unreadable value asks again.
    if (!consent) document.documentElement.setAttribute(CONSENT_ASK_ATTR, "ask");
    else applyConsent(consent);
    // tel: links that record no call of their own (the header's, a location's): a call click for the standard events,
    // in the department its block marked on it or around it.
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href^="tel:"]') : null;
      if (!link || link.hasAttribute("data-fc-tracked")) return;
      const department = link.closest(`[${CALL_DEPARTMENT_ATTR}]`)?.getAttribute(CALL_DEPARTMENT_ATTR) ?? undefined;
      sendStandard({ id: 25, phone: link.getAttribute("href") ?? "", department });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  const toggle = () => {
    const c = readConsent();
    setChecked({ analytics: c?.analytics ?? false, ads: c?.ads ?? false });
    setChoosing(!choosing);
  };

  useEffect(() => {
    const open = () => {
      const c = readConsent();
      setChecked({ analytics: c?.analytics ?? false, ads: c?.ads ?? false });
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      requestAnimationFrame(() => region.current?.focus());
    };
    window.addEventListener(CONSENT_OPEN_EVENT, open);
    return () => window.removeEventListener(CONSENT_OPEN_EVENT, open);
  }, []);

  const choose = (choice: { analytics: boolean; ads: boolean }) => {
    chooseConsent(choice);
    setChoosing(false);
    // Back to the footer's button when opened from it; otherwise focus stays where the page had it.
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  };

  return (
    <section ref={region} className={styles.banner} data-position={position} aria-labelledby="fc-consent-title" tabIndex={-1}>
      <div className={styles.inner}>
        <h2 id="fc-consent-title" className={styles.title}>
          Cookies
        </h2>
        <p className={styles.text}>{message ?? consentMessage(analytics, ads)}</p>
        <div className={styles.actions}>
          <button type="button" className="fc-button" {...{ [CONSENT_CHOICE_ATTR]: choiceValue(NONE) }} onClick={() => choose(NONE)}>
            Reject all
          </button>
          <button type="button" className="fc-button" {...{ [CONSENT_CHOICE_ATTR]: choiceValue(ALL) }} onClick={() => choose(ALL)}>
            Accept all
          </button>
          <button type="button" className="fc-button fc-button--ghost" aria-expanded={choosing} aria-controls={choosing ? "fc-consent-choices" : undefined} onClick={toggle}>
            Choose
          </button>
        </div>
        {/* After the buttons: Tab from Choose goes on to the choices it opened. */}
        {choosing ? (
          <fieldset id="fc-consent-choices" className={styles.choices}>
            <legend className="fc-visually-hidden">Cookies you allow</legend>
            {analytics ? (
              <label className={styles.choice}>
                <input type="checkbox" checked={checked.analytics} onChange={(e) => setChecked({ ...checked, analytics: e.target.checked })} />
                Analytics: how visitors use the site
              </label>
            ) : null}
            {ads ? (
              <label className={styles.choice}>
                <input type="checkbox" checked={checked.ads} onChange={(e) => setChecked({ ...checked, ads: e.target.checked })} />
                Advertising: our stock in ads on other sites
              </label>
            ) : null}
            <button type="button" className="fc-button" onClick={() => choose(checked)}>
              Save choices
            </button>
          </fieldset>
        ) : null}
      </div>
    </section>
  );
}
