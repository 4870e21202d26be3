// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { leadFormSpec, type LeadFormKind } from "../../../domain/lead-forms";
import { validateTenant } from "../../../domain/tenant-validation";
import { LeadForm } from "./lead-form.client";
import type { LeadFormProps } from "./props";
import { browserNav, SUCCESS_KEY } from "../lead-submit";
import { CHALLENGE_HEADER } from "../../../domain/challenge";
import { checkChallenge, issueChallenge } from "../../../server/http/challenge";
import { LEADS_BUSY } from "../../../server/leads/http";

// The form lifecycle (leads §4) and error display (§5, §8) as a person meets them, with the server
// answered by a mocked fetch (the e2e test tests/e2e/forms.spec.ts posts to the real API).

const harbourline = (() => {
  const v = validateTenant(JSON.parse(readFileSync("tenants/harbourline.json", "utf8")));
  if (!v.ok) throw new Error("harbourline.json is invalid");
  return v.document;
})();

type Call = { url: string; key: string; body: any; challenge: string | null };
let calls: Call[];
let beacons: unknown[];
let answers: (() => Promise<Response> | Response)[];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  beacons = [];
  answers = [];
  (window as any).happyDOM?.setURL("https://harbourline.localhost/contact-us");
  window.localStorage.clear();
  (window as any).dataLayer = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({ url, key: headers.get("idempotency-key")!, body: JSON.parse(String(init.body)), challenge: headers.get(CHALLENGE_HEADER) });
      const next = answers.shift();
      return next ? next() : json(200, { lead_id: "11111111-2222-3333-4444-555555555555" });
    }),
  );
  vi.spyOn(browserNav, "assign").mockImplementation(() => {});
  // Analytics beacons (renderer/analytics.ts) are kept here instead of sent.
  vi.spyOn(window.navigator, "sendBeacon").mockImplementation((url: string | URL, data?: BodyInit | null) => {
    beacons.push({ url: String(url), data });
    return true;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(kind: LeadFormKind, over: Partial<LeadFormProps> = {}) {
  const spec = leadFormSpec(harbourline, kind, { make: over.context?.defaults?.vehicle_make });
  render(<LeadForm id="f" spec={spec} site="harbourline" submitLabel="Enquire Now" consent={{ group: "Harbourline Motor Group", privacyHref: "/privacy-policy" }} {...over} />);
  return { user: userEvent.setup(), spec };
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First Name/), "Ada");
  await user.type(screen.getByLabelText(/^Last Name/), "Lovelace");
  await user.type(screen.getByLabelText(/^Email Address/), "ada@example.com");
  await user.type(screen.getByLabelText(/^(Phone|Mobile) Number/), "0400 000 000");
}

async function fillEnquiry(user: ReturnType<typeof userEvent.setup>) {
  await fillContact(user);
  await user.selectOptions(screen.getByLabelText(/^Enquiry Type/), "Sales Enquiry");
  await user.selectOptions(screen.getByLabelText(/^Dealership/), "harbourline-mazda");
  await user.type(screen.getByLabelText(/^Message/), "Is the CX-5 still available?");
}

const submitButton = () => screen.getByRole("button", { name: /Enquire Now/ });
const errorUnder = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : null;
};

describe("the enquiry form", () => {
  it("shows the fields the site asks for, opt-in ticked, the consent with the privacy link, the dealership placeholder", () => {
    show("enquiry");
    for (const label of ["First Name", "Last Name", "Email Address", "Phone Number", "Enquiry Type", "Location", "Dealership", "Registration (optional)", "Message"]) {
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, "\\$&")}`))).toBeTruthy();
    }
    expect((screen.getByLabelText(/Keep me up to date/) as HTMLInputElement).checked).toBe(true);
    const consent = screen.getByText(/By submitting this enquiry, I agree to the/);
    expect(consent.textContent).toBe("By submitting this enquiry, I agree to the Harbourline Motor Group Privacy Policy.");
    expect(within(consent).getByRole("link").getAttribute("href")).toBe("/privacy-policy");
    const dealership = screen.getByLabelText(/^Dealership/) as HTMLSelectElement;
    expect(dealership.options[0].textContent).toBe("Please select a dealership...");
  });

  it("empty required fields: listed under Please fix the following errors: and shown under each field; nothing is sent", async () => {
    const { user } = show("enquiry");
    await user.click(submitButton());
    await screen.findByText("Please fix the following errors:");
    expect(errorUnder(/^First Name/)).toBe("First Name is required.");
    expect(errorUnder(/^Email Address/)).toBe("Email Address is required.");
    expect(errorUnder(/^Enquiry Type/)).toBe("Enquiry Type is required.");
    expect(errorUnder(/^Dealership/)).toBe("Dealership is required.");
    expect(errorUnder(/^Message/)).toBe("Message is required.");
    expect(errorUnder(/^Registration/)).toBeNull();
    const list = screen.getByText("Please fix the following errors:").parentElement!;
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "First Name is required.",
      "Last Name is required.",
      "Email Address is required.",
      "Phone Number is required.",
      "Enquiry Type is required.",
      "Location is required.",
      "Dealership is required.",
      "Message is required.",
    ]);
    expect(screen.getByLabelText(/^First Name/).getAttribute("aria-invalid")).toBe("true");
    // The first field in error gets the focus.
    expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/));
    expect(calls).toEqual([]);
    // Fixing a field clears its message.
    await user.type(screen.getByLabelText(/^First Name/), "Ada");
    await waitFor(() => expect(errorUnder(/^First Name/)).toBeNull());
  });

  it("wrong formats show their messages", async () => {
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.clear(screen.getByLabelText(/^Email Address/));
    await user.type(screen.getByLabelText(/^Email Address/), "ada@");
    await user.clear(screen.getByLabelText(/^Phone Number/));
    await user.type(screen.getByLabelText(/^Phone Number/), "ring me");
    await user.click(submitButton());
    await screen.findByText("Please fix the following errors:");
    expect(errorUnder(/^Email Address/)).toBe("Please enter a valid email address.");
    expect(errorUnder(/^Phone Number/)).toBe("Please enter a valid phone number.");
    expect(calls).toEqual([]);
  });

  it("choosing a dealership narrows the locations; a single one is chosen for the visitor", async () => {
    const { user } = show("enquiry");
    const location = screen.getByLabelText(/^Location/) as HTMLSelectElement;
    expect(location.options.length).toBe(14); // placeholder + 13 locations
    await user.selectOptions(screen.getByLabelText(/^Dealership/), "harbourline-mazda");
    await waitFor(() => expect(location.value).toBe("1003"));
    expect([...location.options].map((o) => o.textContent)).toEqual(["Please select a location...", "Harbourline Mazda Capalaba Sales"]);
    await user.selectOptions(screen.getByLabelText(/^Dealership/), "harbourline-toyota");
    await waitFor(() => expect(location.options.length).toBe(3));
    expect(location.value).toBe("");
  });

  it("submitting: the button is disabled with a spinner; success fires event 22, keeps the success and goes to /success", async () => {
    let release!: () => void;
    answers.push(() => new Promise<Response>((r) => (release = () => r(json(200, { lead_id: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" })))));
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.click(submitButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("spinner")).toBeTruthy();
    expect(calls[0].url).toBe("/api/leads");
    expect(calls[0].key).toMatch(/^lead-[0-9a-f]{32}$/);
    expect(calls[0].body).toMatchObject({
      form: "enquiry",
      source: "Website",
      category: "Sales Enquiry",
      url: "https://harbourline.localhost/contact-us",
      fields: { first_name: "Ada", last_name: "Lovelace", dealership_slug: "harbourline-mazda", location_id: 1003, opt_in: true },
      isLastStep: true,
    });
    expect(calls[0].body.website).toBeUndefined();
    await act(async () => release());
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
    expect((window as any).dataLayer).toEqual([{ event: "forecourt", id: 22, site: "harbourline", path: "/contact-us", label: "enquiry" }]);
    // Also recorded on the server.
    expect(beacons).toHaveLength(1);
    const beacon = beacons[0] as { url: string; data: Blob };
    expect(beacon.url).toBe("/api/events");
    expect(JSON.parse(await beacon.data.text())).toEqual({ id: 22, label: "enquiry", path: "/contact-us" });
    expect(JSON.parse(window.localStorage.getItem(SUCCESS_KEY)!)).toMatchObject({ leadId: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee", form: "enquiry", category: "Sales Enquiry" });
    // Still disabled while the browser leaves.
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it("the Careers Enquiry category is sent as General Enquiry / Career Enquiry with event 51", async () => {
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.selectOptions(screen.getByLabelText(/^Enquiry Type/), "Careers Enquiry");
    await user.click(submitButton());
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalled());
    expect(calls[0].body).toMatchObject({ category: "General Enquiry", subcategory: "Career Enquiry" });
    expect((window as any).dataLayer[0].id).toBe(51);
  });

  it("a failure shows the alert An error occurred when submitting this form with the server's error; a retry of the same submission reuses its Idempotency-Key, a changed one gets a new key", async () => {
    answers.push(() => json(500, { error: "The lead store is down for maintenance." }));
    const { user } = show("enquiry");
    await fillEnquiry(user);
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    await user.click(submitButton());
    const alert = await screen.findByRole("alert");
    expect(Array.from(alert.querySelectorAll("p"), (p) => p.textContent)).toEqual(["An error occurred when submitting this form", "The lead store is down for maintenance."]);
    // Above the form, maybe off screen: scrolled into view and focused (not left on <body>), so it is seen and read out.
    expect(document.activeElement).toBe(alert);
    expect(scrolled.mock.contexts).toContain(alert);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    expect(browserNav.assign).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(SUCCESS_KEY)).toBeNull();

    // No message of its own: An unexpected error occured (leads §8).
    answers.push(() => json(500, {}));
    await user.click(submitButton());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].key).toBe(calls[0].key);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An error occurred when submitting this formAn unexpected error occured"));
    // Failing again: the alert takes the focus again.
    expect(document.activeElement).toBe(screen.getByRole("alert"));

    await user.type(screen.getByLabelText(/^Message/), " Thanks.");
    await user.click(submitButton());
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2].key).not.toBe(calls[0].key);
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
  });

  it("the network down: retried once with the same key, then the alert", async () => {
    answers.push(() => Promise.reject(new TypeError("Failed to fetch")));
    answers.push(() => Promise.reject(new TypeError("Failed to fetch")));
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.click(submitButton());
    expect((await screen.findByRole("alert", {}, { timeout: 3000 })).textContent).toBe("An error occurred when submitting this formAn unexpected error occured");
    expect(calls).toHaveLength(2);
    expect(calls[1].key).toBe(calls[0].key);
  });

  it("the server's own message goes with the alert (e.g. too many enquiries)", async () => {
    answers.push(() => json(429, { error: "Too many enquiries were sent from here in a short time. Please try again in 60 seconds." }));
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.click(submitButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("An error occurred when submitting this formToo many enquiries were sent from here in a short time. Please try again in 60 seconds.");
  });

  it("a site past its cap: Checking your browser… while the check is solved, then the same lead sent again with the solution, and success", async () => {
    const scope = { site: "harbourline", purpose: "lead", client: "203.0.113.7", secret: Buffer.alloc(32, 3) };
    let release!: () => void;
    answers.push(() => json(429, { error: LEADS_BUSY, challenge: issueChallenge({ ...scope, difficulty: 8 }) }));
    answers.push(() => new Promise<Response>((r) => (release = () => r(json(200, { lead_id: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" })))));
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.click(submitButton());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.getByText("Checking your browser…").getAttribute("role")).toBe("status");
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    // The same submission (same key and lead), now with a solution the server accepts.
    expect(calls[0].challenge).toBeNull();
    expect(calls[1].key).toBe(calls[0].key);
    expect(calls[1].body).toEqual(calls[0].body);
    expect(checkChallenge(calls[1].challenge!, scope)).toMatchObject({ id: expect.any(String) });
    await act(async () => release());
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
    expect(screen.queryByText("Checking your browser…")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("the server's field errors (422) show under their fields and in the list", async () => {
    answers.push(() =>
      json(422, {
        error: "Please fix the following errors:",
        errors: [
          { pointer: "/fields/dealership_slug", message: "Please choose one of the listed options for Dealership." },
          { pointer: "/url", message: "is not in the expected form (an http(s) URL)" },
        ],
      }),
    );
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.click(submitButton());
    await screen.findByText("Please fix the following errors:");
    expect(errorUnder(/^Dealership/)).toBe("Please choose one of the listed options for Dealership.");
    const list = screen.getByText("Please fix the following errors:").parentElement!;
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Please choose one of the listed options for Dealership.",
      "is not in the expected form (an http(s) URL)",
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Dealership/));
  });

  it("server errors that no field shows (422): the list is an alert and takes the focus", async () => {
    answers.push(() => json(422, { error: "Please fix the following errors:", errors: [{ pointer: "/url", message: "is not in the expected form (an http(s) URL)" }] }));
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.click(submitButton());
    const list = await screen.findByRole("alert");
    expect(list.textContent).toBe("Please fix the following errors:is not in the expected form (an http(s) URL)");
    expect(document.activeElement).toBe(list);
  });

  it("the honeypot is hidden from people and assistive technology, and sent when a bot fills it", async () => {
    const { user } = show("enquiry");
    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: "Website" })).toBeNull();
    await fillEnquiry(user);
    fireEvent.change(trap, { target: { value: "http://spam.example" } });
    await user.click(submitButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body.website).toBe("http://spam.example");
  });

  it("sends the visited pages and query parameters kept for this session", async () => {
    window.sessionStorage.setItem("forecourt:lead-attributes", JSON.stringify({ visited_pages: ["/?utm_source=google", "/contact-us"], linked_query_params: { utm_source: "google" } }));
    const { user } = show("enquiry");
    await fillEnquiry(user);
    await user.click(submitButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body.lead_attributes).toEqual({ visited_pages: ["/?utm_source=google", "/contact-us"], linked_query_params: { utm_source: "google" } });
  });
});

describe("the other forms", () => {
  it("test drive on a used car: terms message when not ticked, then event 48 and the car's defaults", async () => {
    const { user } = show("test-drive", {
      submitLabel: "Book a Test Drive",
      context: { carId: "car-9", carDealershipId: 102, defaults: { stock_number: "S9", vehicle_make: "Mazda", vehicle_model: "CX-5", car_type: "used", vehicle_status: "used", dealership_slug: "harbourline-mazda" } },
      event: { carType: "used" },
      initialValues: { location_id: "1003" },
    });
    await fillContact(user);
    await user.click(screen.getByRole("button", { name: /Book a Test Drive/ }));
    await screen.findByText("Please fix the following errors:");
    expect(errorUnder(/I acknowledge/)).toBe("*You must agree to the terms of use before submitting.");
    await user.click(screen.getByLabelText(/I acknowledge/));
    fireEvent.change(screen.getByLabelText(/^Preferred Date and Time/), { target: { value: "2026-06-02T10:30" } });
    await user.click(screen.getByRole("button", { name: /Book a Test Drive/ }));
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
    expect(calls[0].body).toMatchObject({
      form: "test-drive",
      category: "Test Drive",
      car_id: "car-9",
      car_dealership_id: 102,
      fields: { stock_number: "S9", vehicle_make: "Mazda", vehicle_model: "CX-5", car_type: "used", location_id: 1003, preferred_date: "2026-06-02T10:30", terms_conditions: true },
    });
    expect((window as any).dataLayer[0].id).toBe(48);
  });

  it("the hero lead form: Invalid postcode. Please enter a 4-digit number.; the postcode takes at most 4 characters", async () => {
    const { user } = show("hero", { submitLabel: "Enquire Now" });
    await fillContact(user);
    const postcode = screen.getByLabelText(/^Postcode/) as HTMLInputElement;
    expect(postcode.maxLength).toBe(4);
    expect(postcode.getAttribute("inputmode")).toBe("numeric");
    await user.type(postcode, "40a");
    await user.click(submitButton());
    await screen.findByText("Please fix the following errors:");
    expect(errorUnder(/^Postcode/)).toBe("Invalid postcode. Please enter a 4-digit number.");
    await user.clear(postcode);
    await user.type(postcode, "40001");
    expect(postcode.value).toBe("4000");
  });

  it("the site's own terms wording", async () => {
    const tenant = { ...harbourline, forms: { ...harbourline.forms, enquiry: { ...harbourline.forms.enquiry, termsMessage: "*You must agree to the terms of use before submitting the form" as const } } };
    render(<LeadForm id="t" spec={leadFormSpec(tenant, "test-drive")} site="x" submitLabel="Book a Test Drive" />);
    await userEvent.setup().click(screen.getByRole("button", { name: /Book a Test Drive/ }));
    await screen.findByText("Please fix the following errors:");
    expect(screen.getAllByText("*You must agree to the terms of use before submitting the form.").length).toBe(2);
  });

  it("the finance enquiry modal fires event 9", async () => {
    const { user } = show("finance", { event: { modal: true } });
    await financeToConfirm(user);
    await user.click(submitButton());
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalled());
    expect(calls[0].body).toMatchObject({ form: "finance", category: "Finance Enquiry" });
    expect((window as any).dataLayer[0].id).toBe(9);
  });
});

const nextButton = () => screen.getByRole("button", { name: "Next" });
/** From the finance form's second step: a dealership and a message, then Next to the Confirm step. */
async function financeStepsToConfirm(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(stepHeading().textContent).toBe("Step 2 of 3: Your Finance"));
  await user.selectOptions(screen.getByLabelText(/^Dealership/), "harbourline-ford");
  await user.type(screen.getByLabelText(/^Message/), "Finance please");
  await user.click(nextButton());
  await waitFor(() => expect(stepHeading().textContent).toBe("Step 3 of 3: Confirm"));
}
/** The finance form filled in up to its Confirm step. */
async function financeToConfirm(user: ReturnType<typeof userEvent.setup>) {
  await fillContact(user);
  await user.click(nextButton());
  await financeStepsToConfirm(user);
}
const backButton = () => screen.getByRole("button", { name: "Back" });
const stepHeading = () => screen.getByRole("heading", { level: 3 });
/** The fields a person can reach now (the other steps are hidden). */
const shownLabels = () =>
  Array.from(document.querySelectorAll<HTMLLabelElement>("form label"))
    .filter((l) => !l.closest("[hidden]") && !l.closest("[aria-hidden='true']"))
    .map((l) => l.textContent);

describe("a multi-step form (leads §4; harbourline's finance enquiry: Your Details → Your Finance → Confirm)", () => {
  it("shows one step at a time with Step 1 of 3 and the step's title; Next refuses an incomplete step with Please complete the form step before proceeding.; nothing is sent", async () => {
    const { user } = show("finance");
    expect(stepHeading().textContent).toBe("Step 1 of 3: Your Details");
    expect(screen.getByText("Who should our finance team get back to?")).toBeTruthy();
    expect(shownLabels()).toEqual(["First Name", "Last Name", "Email Address", "Phone Number"]);
    expect(screen.queryByRole("button", { name: /Enquire Now/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    // The progress list names every step; the current one is marked.
    const steps = within(screen.getByRole("list", { name: "Form steps" })).getAllByRole("listitem");
    expect(steps.map((li) => li.textContent)).toEqual(["Your Details", "Your Finance", "Confirm"]);
    expect(steps[0].getAttribute("aria-current")).toBe("step");

    await user.type(screen.getByLabelText(/^First Name/), "Ada");
    await user.click(nextButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Please complete the form step before proceeding.");
    expect(errorUnder(/^Last Name/)).toBe("Last Name is required.");
    expect(errorUnder(/^Email Address/)).toBe("Email Address is required.");
    expect(errorUnder(/^Phone Number/)).toBe("Phone Number is required.");
    // Only this step's fields: the later steps' required fields are not reported yet.
    const list = screen.getByText("Please fix the following errors:").parentElement!;
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Last Name is required.", "Email Address is required.", "Phone Number is required."]);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Last Name/));
    expect(stepHeading().textContent).toBe("Step 1 of 3: Your Details");
    // A fixed field loses its message as it is typed; all fixed, the step's message goes too.
    await user.type(screen.getByLabelText(/^Last Name/), "Lovelace");
    await waitFor(() => expect(errorUnder(/^Last Name/)).toBeNull());
    await user.type(screen.getByLabelText(/^Email Address/), "ada@example.com");
    await user.type(screen.getByLabelText(/^Phone Number/), "0400 000 000");
    await waitFor(() => expect(screen.queryByText("Please complete the form step before proceeding.")).toBeNull());
    expect(calls).toEqual([]);
  });

  it("Next moves on and puts the focus on the step's heading; Back keeps what was typed; the last step reviews the answers and sends one lead with every step's fields", async () => {
    const { user } = show("finance", { context: { defaults: { page_id: "finance" } } });
    await fillContact(user);
    await user.click(nextButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 2 of 3: Your Finance"));
    expect(document.activeElement).toBe(stepHeading());
    expect(shownLabels()).toEqual(["Location", "Dealership", "Vehicle Price / Budget", "Registration (optional)", "Message"]);
    expect(within(screen.getByRole("list", { name: "Form steps" })).getAllByRole("listitem")[0].textContent).toBe("Your Details (completed)");
    await user.selectOptions(screen.getByLabelText(/^Dealership/), "harbourline-mazda");
    await user.type(screen.getByLabelText(/^Vehicle Price/), "27990");
    await user.tab();
    // A price is shown as $ with thousands separators (leads §5).
    expect((screen.getByLabelText(/^Vehicle Price/) as HTMLInputElement).value).toBe("$27,990");
    await user.type(screen.getByLabelText(/^Message/), "A CX-5 over five years, please.");

    await user.click(backButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 1 of 3: Your Details"));
    expect(document.activeElement).toBe(stepHeading());
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe("Ada");
    expect((screen.getByLabelText(/^Phone Number/) as HTMLInputElement).value).toBe("0400 000 000");
    await user.click(nextButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 2 of 3: Your Finance"));
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe("A CX-5 over five years, please.");
    expect((screen.getByLabelText(/^Location/) as HTMLSelectElement).value).toBe("1003");
    await user.click(nextButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 3 of 3: Confirm"));
    expect(calls).toEqual([]);

    // Confirm: the answers of the earlier steps, the opt-in, the consent, and the send button.
    const review = screen.getByTestId("review");
    expect(Array.from(review.querySelectorAll("div")).map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent])).toEqual([
      ["First Name", "Ada"],
      ["Last Name", "Lovelace"],
      ["Email Address", "ada@example.com"],
      ["Phone Number", "0400 000 000"],
      ["Location", "Harbourline Mazda Capalaba Sales"],
      ["Dealership", "Harbourline Mazda Capalaba"],
      ["Vehicle Price / Budget", "$27,990"],
      ["Message", "A CX-5 over five years, please."],
    ]);
    expect(shownLabels()).toEqual(["Keep me up to date with news and offers"]);
    expect(screen.getByText(/By submitting this enquiry, I agree to the/)).toBeTruthy();
    await user.click(submitButton());
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({
      form: "finance",
      category: "Finance Enquiry",
      isLastStep: true,
      fields: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        phone: "0400 000 000",
        dealership_slug: "harbourline-mazda",
        location_id: 1003,
        vehicle_price_budget: 27990,
        message: "A CX-5 over five years, please.",
        opt_in: true,
        page_id: "finance",
      },
    });
  });

  it("Enter in a field of an earlier step is Next; a double click on Next does not send from the last step", async () => {
    const { user } = show("finance");
    await fillContact(user);
    await user.type(screen.getByLabelText(/^Phone Number/), "{Enter}");
    await financeStepsToConfirm(user);
    // The second click of a double click lands on the button that now sends: it is ignored.
    fireEvent.click(submitButton(), { detail: 2 });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });

  it("a server refusal about an earlier step's field shows that step with the message under the field", async () => {
    answers.push(() => json(422, { error: "Please fix the following errors:", errors: [{ pointer: "/fields/dealership_slug", message: "Please choose one of the listed options for Dealership." }] }));
    const { user } = show("finance");
    await financeToConfirm(user);
    await user.click(submitButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 2 of 3: Your Finance"));
    expect(errorUnder(/^Dealership/)).toBe("Please choose one of the listed options for Dealership.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Dealership/)));
    expect(browserNav.assign).not.toHaveBeenCalled();
  });
});

describe("the finance page's form reads a finance link's query (leads §2 routes)", () => {
  it("preselects the dealership, puts the budget in its field as $ with separators, and sends the car's id and type with the lead", async () => {
    (window as any).happyDOM?.setURL("https://harbourline.localhost/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used&preferredDealership=harbourline-mazda#finance-form");
    const dealerships = harbourline.dealerships.map((d) => d.slug);
    const { user } = show("finance", { financeQuery: { dealerships } });
    await fillContact(user);
    await user.click(nextButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 2 of 3: Your Finance"));
    expect((screen.getByLabelText(/^Dealership/) as HTMLSelectElement).value).toBe("harbourline-mazda");
    expect((screen.getByLabelText(/^Location/) as HTMLSelectElement).value).toBe("1003");
    expect((screen.getByLabelText(/^Vehicle Price/) as HTMLInputElement).value).toBe("$27,990");
    await user.type(screen.getByLabelText(/^Message/), "Finance for this car, please.");
    await user.click(nextButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 3 of 3: Confirm"));
    await user.click(submitButton());
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
    expect(calls[0].body).toMatchObject({
      car_id: "hm-1001",
      fields: { dealership_slug: "harbourline-mazda", location_id: 1003, vehicle_price_budget: 27990, car_type: "used", vehicle_status: "used" },
    });
  });

  it("ignores a dealership the form does not offer and values that are not valid", async () => {
    (window as any).happyDOM?.setURL("https://harbourline.localhost/finance?car_id=%3Cscript%3E&vehiclePriceBudget=lots&car_type=stolen&preferredDealership=elsewhere-motors");
    const { user } = show("finance", { financeQuery: { dealerships: harbourline.dealerships.map((d) => d.slug) } });
    await fillContact(user);
    await user.click(nextButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 2 of 3: Your Finance"));
    expect((screen.getByLabelText(/^Dealership/) as HTMLSelectElement).value).toBe("");
    expect((screen.getByLabelText(/^Vehicle Price/) as HTMLInputElement).value).toBe("");
  });

  it("a form not on the finance page leaves the query alone", async () => {
    (window as any).happyDOM?.setURL("https://harbourline.localhost/finance?vehiclePriceBudget=27990&preferredDealership=harbourline-mazda");
    const { user } = show("finance");
    await fillContact(user);
    await user.click(nextButton());
    await waitFor(() => expect(stepHeading().textContent).toBe("Step 2 of 3: Your Finance"));
    expect((screen.getByLabelText(/^Dealership/) as HTMLSelectElement).value).toBe("");
  });
});

describe("storeUserDetails: remembered contact details fill the next form", () => {
  const KEY = "forecourt:harbourline:user-details";
  const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

  it("on: a first successful lead keeps name, e-mail and phone; the next form (another kind) opens filled", async () => {
    const { user } = show("enquiry", { rememberDetails: true });
    await fillEnquiry(user);
    await user.click(submitButton());
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toEqual({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" });
    cleanup();
    show("test-drive", { rememberDetails: true, submitLabel: "Book Test Drive" });
    await waitFor(() => expect(value(/^First Name/)).toBe("Ada"));
    expect(value(/^Last Name/)).toBe("Lovelace");
    expect(value(/^Email Address/)).toBe("ada@example.com");
    expect(value(/^Phone Number/)).toBe("0400 000 000");
    expect(value(/^Message/)).toBe("");
  });

  it("a refused lead keeps nothing", async () => {
    answers.push(() => json(500, { error: "down" }));
    const { user } = show("enquiry", { rememberDetails: true });
    await fillEnquiry(user);
    await user.click(submitButton());
    await screen.findByText("down");
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("off: nothing is kept, and details kept earlier are removed instead of filling the form", async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ first_name: "Ada", email: "ada@example.com" }));
    const { user } = show("enquiry", { rememberDetails: false });
    await waitFor(() => expect(window.localStorage.getItem(KEY)).toBeNull());
    expect(value(/^First Name/)).toBe("");
    await fillEnquiry(user);
    await user.click(submitButton());
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("corrupt or hostile storage: the form opens empty (or with the good fields) and still sends", async () => {
    window.localStorage.setItem(KEY, '{"first_name":{"x":1},"email":"ada@example.com","phone":"04\u0000"');
    const { user } = show("enquiry", { rememberDetails: true });
    expect(value(/^First Name/)).toBe("");
    window.localStorage.setItem(KEY, JSON.stringify({ first_name: ["Ada"], email: "ada@example.com", phone: "0400\u0000" }));
    cleanup();
    show("enquiry", { rememberDetails: true });
    await waitFor(() => expect(value(/^Email Address/)).toBe("ada@example.com"));
    expect(value(/^First Name/)).toBe("");
    expect(value(/^Phone Number/)).toBe("");
    void user;
  });
});
