// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConsentBanner, consentMessage } from "./consent-banner.client";
import { ANALYTICS_CONFIG_ID, CONSENT_ASK_ATTR, openConsentBanner, resetStandardAnalytics } from "./standard-analytics";

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
});
