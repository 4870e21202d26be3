// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NewSiteWizard } from "./new-site-wizard.client";

// The wizard's form in the browser: what it sends and where the server's refusals show. The
// server is answered by a stubbed fetch (server/admin/http.test.ts drives the real endpoint).

const MAKES = { car: ["Ford", "Mazda"], motorcycle: ["Yamaha"], truck: ["Hino"], caravan: ["Jayco"] };
let sent: { url: string; body: any }[];
let answer: Response;

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return answer;
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wizard = () => render(<NewSiteWizard makes={MAKES} dealerships={[{ id: 701, name: "Waratah Motor Group", stock: 27, vehicles: 30 }]} port="3000" />);
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the new-site wizard", () => {
  it("sends the answers with the web address name made from the site name, and the week of hours", async () => {
    wizard();
    fireEvent.change(screen.getByLabelText("Site name"), { target: { value: "Tasman Ute Centre" } });
    fireEvent.click(screen.getByLabelText("Mazda"));
    // Where the second colour shows depends on the kind's design: said beside the field.
    const shows = () => document.getElementById(screen.getByLabelText("Second colour").getAttribute("aria-describedby")!)!.textContent;
    expect(shows()).toBe("The tags on car photos, quotes and focus rings (this kind of site keeps a light header bar).");
    fireEvent.click(screen.getByLabelText("Dealer group"));
    expect(shows()).toBe("The header bar and footer, the tags on car photos and focus rings.");
    fireEvent.click(screen.getByLabelText("New-car dealer"));
    fireEvent.change(screen.getByLabelText("Dealer licence number"), { target: { value: "MD 40211" } });
    // The directory's figure with its words: in stock, and with sold and coming cars.
    fireEvent.click(screen.getByLabelText("Waratah Motor Group: 27 in stock (30 with sold and coming)"));
    expect((screen.getByLabelText("Web address name") as HTMLInputElement).value).toBe("tasman-ute-centre");
    answer = json(422, { message: "The new site is not complete:", errors: [] });
    fireEvent.click(screen.getByRole("button", { name: "Create the site" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe("/api/admin/tenants");
    expect(sent[0].body).toMatchObject({ kind: "franchise", name: "Tasman Ute Centre", slug: "", makes: ["Mazda"], dealerships: ["701"], location: { state: "NSW", licence: "MD 40211" } });
    expect(sent[0].body.hours[0]).toEqual({ weekday: 1, status: "open", open: "08:30", close: "17:30" });
    // The workshop is asked about, not added unseen: the box starts unticked and the site gets no
    // Service location; ticked, it does.
    const workshop = screen.getByLabelText("The service department (workshop) is here too") as HTMLInputElement;
    expect(sent[0].body.service).toBe(false);
    fireEvent.click(workshop);
    expect(workshop.checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Create the site" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body.service).toBe(true);
    // A used-car dealer has no service department to ask about.
    fireEvent.click(screen.getByLabelText("Used-car dealer"));
    expect(screen.queryByLabelText("The service department (workshop) is here too")).toBeNull();
  });

  it("shows each refusal beside its field and in a summary that links to it", async () => {
    wizard();
    answer = json(422, {
      message: "The new site is not complete:",
      errors: [
        { pointer: "/location/postcode", message: "Postcode must be 4 digits, e.g. 7000." },
        { pointer: "/hours/1", message: "Monday: the closing time must be after the opening time." },
      ],
    });
    fireEvent.click(screen.getByRole("button", { name: "Create the site" }));
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("The new site is not complete:");
    expect(screen.getByRole("link", { name: "Postcode must be 4 digits, e.g. 7000." }).getAttribute("href")).toBe("#location-postcode");
    const postcode = screen.getByLabelText("Postcode");
    expect(postcode.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(postcode.getAttribute("aria-describedby")!)?.textContent).toBe("Postcode must be 4 digits, e.g. 7000.");
    // A day's error sits in its row of the week.
    expect(document.querySelector("tr[data-weekday='1']")?.textContent).toContain("Monday: the closing time must be after the opening time.");
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it("drops a colour's error once the colour is corrected, and shows it again while the value is the one refused", async () => {
    wizard();
    answer = json(422, { message: "The new site is not complete:", errors: [{ pointer: "/colors/primary", message: "Main colour must look like #1A2B3C." }] });
    const colour = screen.getByLabelText("Main colour (buttons, links)");
    fireEvent.change(colour, { target: { value: "#12" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the site" }));
    await screen.findByRole("link", { name: "Main colour must look like #1A2B3C." });
    expect(document.getElementById("colors-primary-error")?.textContent).toBe("Main colour must look like #1A2B3C.");
    fireEvent.change(colour, { target: { value: "#123456" } });
    expect(document.getElementById("colors-primary-error")).toBeNull();
    expect(screen.queryByRole("link", { name: "Main colour must look like #1A2B3C." })).toBeNull();
    // The field no longer points to an error.
    expect(colour.getAttribute("aria-describedby")).toBeNull();
    fireEvent.change(colour, { target: { value: "#12" } });
    expect(document.getElementById("colors-primary-error")?.textContent).toBe("Main colour must look like #1A2B3C.");
  });

  it("offers the makes and regions of the kind of site chosen", () => {
    wizard();
    fireEvent.click(screen.getByLabelText("New Zealand dealer"));
    expect(screen.getByRole("group", { name: "Makes sold (optional)" })).toBeTruthy();
    const region = screen.getByLabelText("Region") as HTMLSelectElement;
    expect([...region.options].map((o) => o.value)).toEqual(["AUK", "BOP", "CAN", "OTA", "WKO", "WGN"]);
    expect(region.value).toBe("AUK");
    fireEvent.click(screen.getByLabelText("Motorcycle and truck dealer"));
    expect(screen.getByLabelText("Yamaha")).toBeTruthy();
    expect(screen.getByLabelText("Hino")).toBeTruthy();
    expect(screen.queryByLabelText("Mazda")).toBeNull();
  });

  it("after creating, lists what is still placeholder text and offers to publish", async () => {
    wizard();
    fireEvent.change(screen.getByLabelText("Site name"), { target: { value: "Tasman Ute Centre" } });
    answer = json(201, { slug: "tasman-ute-centre", revision: 1, placeholders: [{ pointer: "/pages/1/blocks/0/props/html", text: "[Placeholder] Tell visitors who you are." }] });
    fireEvent.click(screen.getByRole("button", { name: "Create the site" }));
    expect((await screen.findByRole("status")).textContent).toBe("The draft of Tasman Ute Centre is ready. Nothing is public until it is published.");
    expect(screen.getByRole("listitem").textContent).toBe("[Placeholder] Tell visitors who you are.");
    expect(screen.getByRole("button", { name: "Publish now" })).toBeTruthy();
  });
});
