// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { validateTenant } from "../../domain/tenant-validation";
import { serviceBookingSpec, STEP_INCOMPLETE } from "../../domain/service-booking";
import { browserNav, SUCCESS_KEY } from "../_shared/lead-submit";
import { ServiceBookingForm } from "./service-booking.client";

// The wizard as a person meets it (spec leads §4 "Service wizard"), the server answered by a mocked
// fetch (tests/e2e/service-booking.spec.ts posts to the real API): the step gate, the progress posts
// carrying the first answer's lead_id, the last step's Complete.

const site = (slug: string) => {
  const v = validateTenant(JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8")));
  if (!v.ok) throw new Error(`${slug}.json is invalid`);
  return v.document;
};

type Call = { url: string; body: any; headers?: Record<string, string> };
let calls: Call[];
const LEAD = "0b6f7a52-6d5c-4c0e-9d1e-1c2b3a4d5e6f";
const TOKEN = "first-step-token-0123456789abcdefghijklmnopq";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  window.localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      if (url === "/api/service/rego-lookup") {
        calls.push({ url, body });
        return json(200, body.rego === "1JY5CR" ? { found: true, make: "Jayco", model: "Journey", year: 2020 } : { found: false, message: "not found" });
      }
      calls.push({ url, body, headers: init.headers as Record<string, string> });
      return json(200, body.isLastStep === false && !body.lead_id ? { lead_id: LEAD, lead_token: TOKEN } : { lead_id: LEAD });
    }),
  );
  vi.spyOn(browserNav, "assign").mockImplementation(() => {});
  vi.spyOn(window.navigator, "sendBeacon").mockImplementation(() => true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stepHeading = () => screen.getByRole("heading", { level: 3 }).textContent;

function show(slug: string) {
  const tenant = site(slug);
  render(<ServiceBookingForm id="s" spec={serviceBookingSpec(tenant)} site={slug} defaultState={tenant.identity.state ?? null} />);
  return userEvent.setup();
}

describe("service-booking wizard", () => {
  it("minimal with Order Details: the gate, the registration lookup, progress posted once the contact details are known, then Complete", async () => {
    const user = show("wattle-creek");
    expect(stepHeading()).toBe("Step 1 of 3: Vehicle Details");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByTestId("step-incomplete").textContent).toBe(STEP_INCOMPLETE);
    expect(document.getElementById("s-vehicle_make-error")?.textContent).toBe("Vehicle Make is required.");
    // The first field to fix has the focus.
    expect(document.activeElement?.id).toBe("s-rego");
    await user.type(screen.getByLabelText("Vehicle Rego"), "1JY5CR");
    await user.click(screen.getByRole("button", { name: "Find my vehicle" }));
    await waitFor(() => expect((screen.getByLabelText("Vehicle Make") as HTMLInputElement).value).toBe("Jayco"));
    expect(calls).toEqual([{ url: "/api/service/rego-lookup", body: { rego: "1JY5CR", state: "VIC" } }]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(stepHeading()).toBe("Step 2 of 3: Contact Details");
    // Nothing is posted before the contact details are known.
    expect(calls).toHaveLength(1);
    await user.type(screen.getByLabelText("First Name"), "Ada");
    await user.type(screen.getByLabelText("Last Name"), "Lovelace");
    await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
    await user.type(screen.getByLabelText("Mobile Number"), "0400 000 000");
    await user.selectOptions(screen.getByLabelText("Service Interval"), "Not sure");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(stepHeading()).toBe("Step 3 of 3: Order Details"));
    expect(calls[1].body).toMatchObject({ form: "service", isLastStep: false, lead_status: "In Progress", form_completed: false, fields: { vehicle_make: "Jayco", first_name: "Ada" } });
    expect(calls[1].body).not.toHaveProperty("lead_id");
    expect(calls[1].headers).not.toHaveProperty("lead-token");

    await user.selectOptions(screen.getByLabelText("Dealership"), "wattle-creek-bendigo");
    expect((screen.getByLabelText("Service Location") as HTMLSelectElement).value).toBe("4002");
    await user.selectOptions(screen.getByLabelText("Service Type"), "Pre-trip safety check");
    await user.click(screen.getByRole("button", { name: "Book a Service" }));
    await waitFor(() => expect(browserNav.assign).toHaveBeenCalledWith("/success"));
    // The later step carries the first step's token: only this browser moves the booking on.
    expect(calls[2].headers).toMatchObject({ "lead-token": TOKEN });
    expect(calls[2].body).toMatchObject({ lead_id: LEAD, isLastStep: true, lead_status: "Complete", form_completed: true, category: "Service Booking", fields: { location_id: 4002, dealership_slug: "wattle-creek-bendigo" } });
    expect(JSON.parse(window.localStorage.getItem(SUCCESS_KEY)!)).toMatchObject({ leadId: LEAD, form: "service" });
  });

  it("the server's field messages land on their fields, on their step", async () => {
    const user = show("kowhai-motors");
    await user.type(screen.getByLabelText("Plate Number"), "KWH123");
    await user.type(screen.getByLabelText("Vehicle Make"), "Toyota");
    await user.type(screen.getByLabelText("Vehicle Model"), "RAV4");
    await user.type(screen.getByLabelText("Vehicle Year"), "2018");
    await user.click(screen.getByRole("button", { name: "Next" }));
    for (const [label, value] of [["First Name", "Ada"], ["Last Name", "Lovelace"], ["Email Address", "ada@example.com"], ["Mobile Number", "021 555 0199"]]) await user.type(screen.getByLabelText(label), value);
    await user.selectOptions(screen.getByLabelText("Dealership"), "kowhai-motors-auckland");
    vi.mocked(fetch).mockImplementationOnce(async () => json(422, { error: "Please fix the following errors:", errors: [{ pointer: "/fields/vehicle_model", message: "Vehicle Model is not valid." }] }));
    await user.click(screen.getByRole("button", { name: "Book a Service" }));
    await waitFor(() => expect(stepHeading()).toBe("Step 1 of 2: Vehicle Details"));
    expect(screen.getAllByText("Vehicle Model is not valid.").length).toBeGreaterThan(0);
    expect(browserNav.assign).not.toHaveBeenCalled();
  });
});
