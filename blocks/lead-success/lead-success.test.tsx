// @vitest-environment happy-dom
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import { SUCCESS_KEY } from "../_shared/lead-submit";
import { LeadReference } from "./lead-success.client";
import LeadSuccess from "./lead-success";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe("the success page", () => {
  it("thanks the visitor and links home; the site may word it", () => {
    const html = renderToString(LeadSuccess({ id: "ok", props: { title: "Thank you", text: "Your enquiry has been sent. A member of our team will be in touch shortly." }, ctx: fixtureCtx("/success") }) as ReactElement);
    expect(html).toContain(">Thank you</h2>");
    expect(html).toContain("Your enquiry has been sent. A member of our team will be in touch shortly.");
    expect(html).toContain('href="/"');
    const own = renderToString(LeadSuccess({ id: "ok", props: { title: "Cheers", text: "Talk soon.", link: { label: "See our stock", href: "/search" } }, ctx: fixtureCtx("/success") }) as ReactElement);
    expect(own).toContain(">Cheers</h2>");
    expect(own).toContain('href="/search"');
  });

  it("shows the reference of the lead the form kept, and nothing without one", () => {
    render(<LeadReference />);
    expect(screen.queryByTestId("lead-reference")).toBeNull();
    cleanup();
    window.localStorage.setItem(SUCCESS_KEY, JSON.stringify({ leadId: "ab12cd34-0000-4000-8000-000000000000", form: "enquiry" }));
    render(<LeadReference />);
    expect(screen.getByTestId("lead-reference").textContent).toBe("AB12CD34");
  });
});
