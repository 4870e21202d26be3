// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConsentBanner, consentMessage } from "./consent-banner.client";
import { CookieSettings } from "./cookie-settings.client";
import { ANALYTICS_CONFIG_ID, CONSENT_ASK_ATTR, openConsentBanner, PAGE_DATA_ATTR, resetStandardAnalytics } from "./standard-analytics";

beforeEach(() => {
  (window as any).happyDOM?.setURL("https://coralstone-mazda.localhost/");
  for (const c of document.cookie.split(/;\s*/)) if (c) document.cookie = `${c.split("=")[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  document.documentElement.setAttribute(CONSENT_ASK_ATTR, "ask");
  resetStandardAnalytics();
});
afterEach(() => {
  cleanup();
  document.getElementById(ANALYTICS_CONFIG_ID)?.remove();
});

describe("ConsentBanner", () => {
  it("names only the site's tags", () => {
    expect(consentMessage(true, true)).toBe(
      "We'd like to use analytics cookies (Google Analytics) to see how our site is used, and advertising cookies (Meta) to show you our stock in ads on other sites. Nothing is set until you choose.",
    );
    expect(consentMessage(true, false)).toBe("We'd like to use analytics cookies (Google Analytics) to see how our site is used. Nothing is set until you choose.");
  });

  it("is a labelled region; Choose shows labelled checkboxes and Save choices stores them, hiding the banner", () => {
    render(<ConsentBanner position="bottom" analytics ads />);
    const region = screen.getByRole("region", { name: "Cookies" });
    expect(region.getAttribute("data-position")).toBe("bottom");
    const choose = screen.getByRole("button", { name: "Choose" });
    expect(choose.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(choose);
    expect(choose.getAttribute("aria-expanded")).toBe("true");
    expect(choose.getAttribute("aria-controls")).toBe("fc-consent-choices");
    fireEvent.click(screen.getByRole("checkbox", { name: "Advertising: our stock in ads on other sites" }));
    fireEvent.click(screen.getByRole("button", { name: "Save choices" }));
    expect(document.cookie).toMatch(/(^|; )fc_consent=v1\.a0\.d1\.\d+/);
    expect(document.documentElement.hasAttribute(CONSENT_ASK_ATTR)).toBe(false);
  });

  it("a site with GA4 only offers only the analytics choice; the site's own message replaces the standard one", () => {
    render(<ConsentBanner position="top" message="Cookies help us help you." analytics ads={false} />);
    expect(screen.getByText("Cookies help us help you.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Choose" }));
    expect(screen.getAllByRole("checkbox").map((c) => c.parentElement?.textContent)).toEqual(["Analytics: how visitors use the site"]);
  });

  it("the footer's Cookie settings shows it again and focuses it; the choice returns focus to the footer's button", async () => {
    render(
      <>
        <button type="button" onClick={openConsentBanner}>
          Cookie settings
        </button>
        <ConsentBanner position="bottom" analytics ads />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Reject all" }));
    expect(document.cookie).toMatch(/fc_consent=v1\.a0\.d0\./);
    expect(document.documentElement.hasAttribute(CONSENT_ASK_ATTR)).toBe(false);
    const settings = screen.getByRole("button", { name: "Cookie settings" });
    settings.focus();
    await act(async () => {
      settings.click();
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    });
    expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe("ask");
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Cookies" }));
    fireEvent.click(screen.getByRole("button", { name: "Accept all" }));
    expect(document.cookie).toMatch(/fc_consent=v1\.a1\.d1\./);
    expect(document.activeElement).toBe(settings);
  });

  it("a page without the site footer has its own Cookie settings, in a contentinfo landmark: it reopens the banner, focused, and the choice returns focus to it", async () => {
    render(
      <>
        <main>Page</main>
        <CookieSettings />
        <ConsentBanner position="bottom" analytics ads />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Accept all" }));
    expect(document.documentElement.hasAttribute(CONSENT_ASK_ATTR)).toBe(false);
    const settings = screen.getByRole("button", { name: "Cookie settings" });
    expect(settings.closest("footer")).toBe(screen.getByRole("contentinfo"));
    expect(settings.getAttribute("type")).toBe("button");
    settings.focus();
    await act(async () => {
      settings.click();
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    });
    expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe("ask");
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Cookies" }));
    fireEvent.click(screen.getByRole("button", { name: "Reject all" }));
    expect(document.cookie).toMatch(/fc_consent=v1\.a0\.d0\./);
    expect(document.activeElement).toBe(settings);
  });

  it("a tel: link outside the phone box is a call in the department its block marked (on it or around it), else the page's", async () => {
    const w = window as Window & { dataLayer?: unknown[] };
    delete w.dataLayer;
    document.cookie = "fc_consent=v1.a1.d0.1764460000; Path=/";
    const config = document.createElement("script");
    config.type = "application/json";
    config.id = ANALYTICS_CONFIG_ID;
    config.textContent = JSON.stringify({ ga4: "G-CSMAZDA2026", currency: "AUD", country: "AU" });
    document.body.append(config);
    render(
      <>
        <script type="application/json" {...{ [PAGE_DATA_ATTR]: "" }}>
          {JSON.stringify({ page_type: "contact", currency: "AUD", country: "AU", car: null })}
        </script>
        <a href="tel:0738001111">Header</a>
        <a href="tel:0738002222" data-fc-call="parts">
          <span>Parts counter</span>
        </a>
        <section data-fc-call="service">
          <a href="tel:0738003333">Service desk</a>
        </section>
        <a href="tel:0738004444" data-fc-call="bogus">Forged</a>
        <a href="tel:0738005555" data-fc-tracked="">Phone box</a>
        <ConsentBanner position="bottom" analytics ads={false} />
      </>,
    );
    const calls = () => (w.dataLayer ?? []).map((e) => Array.from(e as ArrayLike<unknown>)).filter((e) => e[1] === "asc_click_to_call").map((e) => e[2] as Record<string, unknown>);
    // The banner listens once hydrated (a task after the commit).
    await vi.waitFor(() => expect(w.dataLayer?.length).toBeGreaterThan(0));
    // The test's browser would follow a tel: link and leave the page.
    const stay = (e: Event) => e.preventDefault();
    document.addEventListener("click", stay, { capture: true });
    for (const name of ["Header", "Parts counter", "Service desk", "Forged", "Phone box"]) fireEvent.click(screen.getByText(name));
    document.removeEventListener("click", stay, { capture: true });
    expect(calls().map((c) => [c.comm_phone_number, c.department])).toEqual([
      ["0738001111", "sales"],
      ["0738002222", "parts"],
      ["0738003333", "service"],
      ["0738004444", "sales"],
    ]);
  });
});
