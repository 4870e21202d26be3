// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CALL_FAILED_MESSAGE,
  CHOOSE_CAR_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  NOT_FOUND_MESSAGE,
  noOnlineEstimateReason,
  REQUIRED_MESSAGE,
  SEARCH_MESSAGES,
  TOO_MANY_IMAGES_MESSAGE,
  TRADE_IN_STAGES,
} from "../../domain/trade-in";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import TradeInWizardBlock from "./trade-in-wizard";
import { NO_ONLINE_FIGURE_TITLE, TradeInWizard, type TradeInWizardProps } from "./trade-in-wizard.client";
import { TradeInWizard as LazyTradeInWizard } from "../lazy.generated";

// The wizard as a person meets it (spec leads §2 screen 4, §4, §5, §8, §9), with /api/eval-expert/*
// answered by a stubbed fetch per test; the server side is tested with the routes themselves.

type Call = { url: string; body: any };
let calls: Call[];
let answers: Record<string, (body: any) => Response | Promise<Response>>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const CAR = { EvalID: "ev-1", VIN: "JM0KF4W1A00123456", Registration: "825MZD", Make: "Mazda", Model: "CX-5", Variant: "Maxx Sport", Year: 2021 };

beforeEach(() => {
  calls = [];
  answers = {};
  (window as any).happyDOM?.setURL("https://harbourside.localhost/trade-in");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body instanceof FormData ? Object.fromEntries(init.body.entries()) : JSON.parse(String(init.body));
      calls.push({ url, body });
      const answer = answers[url];
      if (!answer) throw new Error(`unexpected call ${url}`);
      return answer(body);
    }),
  );
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (f: File) => `blob:${f.name}`, revokeObjectURL: () => {} }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const props: TradeInWizardProps = {
  id: "w",
  defaultState: "WA",
  imageStep: false,
  maxAgeYears: 7,
  userEmail: "sales@example.com",
  phone: { display: "07 3000 1234", href: "tel:+61730001234" },
  contactHref: "/contact-us",
  locale: "en-AU",
  currency: "AUD",
};

function show(over: Partial<TradeInWizardProps> = {}) {
  render(<TradeInWizard {...props} {...over} />);
  return userEvent.setup();
}
const heading = () => screen.getByRole("heading", { level: 3 });
const errorOf = (el: HTMLElement) => {
  const id = el.getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : null;
};

async function findCar(user: ReturnType<typeof userEvent.setup>, rego = "825 mzd", state = "QLD") {
  await user.type(screen.getByLabelText(/^Registration/), rego);
  await user.selectOptions(screen.getByLabelText(/^State/), state);
  await user.click(screen.getByRole("button", { name: "Find My Car" }));
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First Name/), "Ada");
  await user.type(screen.getByLabelText(/^Email Address/), "ada@example.com");
  await user.type(screen.getByLabelText(/^Phone Number/), "0400 000 000");
  await user.type(screen.getByLabelText(/^Postcode/), "4006");
  await user.type(screen.getByLabelText(/^Odometer/), "45,000");
  await user.selectOptions(screen.getByLabelText(/^Service History/), "Full service history");
  await user.selectOptions(screen.getByLabelText(/^Number of Keys/), "2");
  await user.selectOptions(screen.getByLabelText(/^Condition/), "Good");
  await user.type(screen.getByLabelText(/^Comments/), "Small scratch on the rear bumper.");
}

describe("trade-in wizard", () => {
  it("Step One: the 8 states with the site's default, rego and state required with the spec's message tied to the input", async () => {
    const user = show();
    const state = screen.getByLabelText(/^State/) as HTMLSelectElement;
    expect([...state.options].map((o) => o.value)).toEqual(["QLD", "NSW", "VIC", "SA", "WA", "TAS", "ACT", "NT"]);
    expect(state.value).toBe("WA");
    await user.click(screen.getByRole("button", { name: "Find My Car" }));
    const rego = screen.getByLabelText(/^Registration/);
    expect(errorOf(rego)).toBe(REQUIRED_MESSAGE);
    expect(rego.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("a caravan found (ItemType caravan): Step Four asks no odometer and no number of keys, and sends neither (issue 29)", async () => {
    const VAN = { EvalID: "ev-2", VIN: "6H9T2150BLJ123456", Registration: "1JY5CR", Make: "Jayco", Model: "Journey", Variant: "21.62-3 Outback", Year: 2020, Body: "Caravan", ItemType: "caravan" };
    answers["/api/eval-expert/enter-vin"] = () => json(200, [VAN]);
    answers["/api/eval-expert/update-eval"] = () => json(200, [{ ...VAN, offer_price: 41200, lead_id: "lead-7" }]);
    const user = show();
    await findCar(user, "1JY5CR", "VIC");
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    expect(screen.queryByLabelText(/^Odometer/)).toBeNull();
    expect(screen.queryByLabelText(/^Number of Keys/)).toBeNull();
    expect(screen.getByRole("group", { name: /^Do you have finance on this caravan\?/ })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Get My Offer" }));
    for (const label of [/^First Name/, /^Email Address/, /^Phone Number/, /^Postcode/, /^Service History/, /^Condition/, /^Comments/]) {
      expect(errorOf(screen.getByLabelText(label))).toBe(REQUIRED_MESSAGE);
    }
    await user.type(screen.getByLabelText(/^First Name/), "Ada");
    await user.type(screen.getByLabelText(/^Email Address/), "ada@example.com");
    await user.type(screen.getByLabelText(/^Phone Number/), "0400 000 000");
    await user.type(screen.getByLabelText(/^Postcode/), "3550");
    await user.selectOptions(screen.getByLabelText(/^Service History/), "Full service history");
    await user.selectOptions(screen.getByLabelText(/^Condition/), "Good");
    await user.type(screen.getByLabelText(/^Comments/), "Annexe included.");
    await user.click(screen.getByRole("button", { name: "Get My Offer" }));
    await waitFor(() => expect(heading().textContent).toBe("Your offer"));
    const sent = calls.find((c) => c.url === "/api/eval-expert/update-eval")!.body;
    expect(sent).toMatchObject({ evalid: "ev-2", postcode: "3550", service_history: "Full service history", car_condition: "Good" });
    expect(sent).not.toHaveProperty("km");
    expect(sent).not.toHaveProperty("odometer");
    expect(sent).not.toHaveProperty("number_of_keys");
  });

  it("a caravan without an online figure: the title and the reason name a caravan (issue 29)", async () => {
    const VAN = { EvalID: "ev-3", VIN: "6H9T2150BLJ123456", Registration: "1JY5CR", Make: "Jayco", Model: "Journey", Year: 2012, Body: "Caravan", ItemType: "caravan" };
    answers["/api/eval-expert/enter-vin"] = () => json(200, [VAN]);
    answers["/api/eval-expert/update-eval"] = () => json(200, [{ ...VAN, offer_price: null, lead_id: "lead-8" }]);
    const user = show();
    await findCar(user, "1JY5CR", "VIC");
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    for (const [label, value] of [[/^First Name/, "Ada"], [/^Email Address/, "ada@example.com"], [/^Phone Number/, "0400 000 000"], [/^Postcode/, "3550"], [/^Comments/, "Annexe included."]] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.selectOptions(screen.getByLabelText(/^Service History/), "Full service history");
    await user.selectOptions(screen.getByLabelText(/^Condition/), "Good");
    await user.click(screen.getByRole("button", { name: "Get My Offer" }));
    await waitFor(() => expect(heading().textContent).toBe("Our buying team will value your caravan"));
    expect(screen.getByText("We can't give an online estimate for caravans over 7 years old. Our buying team will contact you to value your caravan.")).toBeTruthy();
  });

  it("single match without the image step: straight to Step Four with the car's summary, then an offer valid 7 days, then Accept", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [CAR]);
    answers["/api/eval-expert/update-eval"] = () => json(200, [{ ...CAR, offer_price: 23450, lead_id: "lead-9" }]);
    answers["/api/eval-expert/accept-offer"] = () => json(200, [{ ok: true }]);
    const beacons: { url: string }[] = [];
    Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: (url: string) => (beacons.push({ url }), true) });
    const user = show({ site: "harbourside" });
    await findCar(user);
    expect(calls[0]).toEqual({ url: "/api/eval-expert/enter-vin", body: { rego: "825MZD", state: "QLD" } });
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    expect(document.activeElement).toBe(heading());
    expect(screen.getByTestId("found-car").textContent).toContain("2021 Mazda CX-5 Maxx Sport");
    expect(screen.getByTestId("found-car").textContent).toContain("Registration: 825MZD");
    // Phone is the preferred contact method until another is chosen.
    expect((screen.getByLabelText("Phone") as HTMLInputElement).checked).toBe(true);

    // Every field required, each message tied to its input; focus goes to the first.
    await user.click(screen.getByRole("button", { name: "Get My Offer" }));
    for (const label of [/^First Name/, /^Email Address/, /^Phone Number/, /^Postcode/, /^Odometer/, /^Service History/, /^Number of Keys/, /^Condition/, /^Comments/]) {
      expect(errorOf(screen.getByLabelText(label))).toBe(REQUIRED_MESSAGE);
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/));
    expect(calls).toHaveLength(1);

    await fillDetails(user);
    await user.type(screen.getByLabelText(/^Last Name/), "Lovelace");
    await user.click(screen.getByLabelText("Email"));
    await user.click(screen.getByLabelText("No"));
    const before = Date.now();
    await user.click(screen.getByRole("button", { name: "Get My Offer" }));
    await waitFor(() => expect(heading().textContent).toBe("Your offer"));
    expect(calls[1]).toEqual({
      url: "/api/eval-expert/update-eval",
      body: {
        evalid: "ev-1",
        km: 45000,
        userEmail: "sales@example.com",
        cName: "Ada",
        cEmail: "ada@example.com",
        cPhone: "0400 000 000",
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        phone: "0400 000 000",
        postcode: "4006",
        odometer: 45000,
        service_history: "Full service history",
        number_of_keys: "2",
        car_condition: "Good",
        comments: "Small scratch on the rear bumper.",
        preferred_contact_method: "Email",
        finance: "No",
      },
    });
    expect(screen.getByTestId("offer").textContent).toBe("$23,450");
    // The trade-in lead's analytics event (18, spec leads §9), once, for the site.
    expect(((window as any).dataLayer ?? []).filter((e: { id: number }) => e.id === 18)).toEqual([{ event: "forecourt", id: 18, site: "harbourside", path: "/trade-in", label: "trade-in" }]);
    expect(beacons.map((b) => b.url)).toEqual(["/api/events"]);
    const until = new Date(before + 7 * 86_400_000).toLocaleDateString("en-AU", { day: "numeric", month: "long", year: "numeric" });
    expect(screen.getByText(/^Valid for 7 days/).textContent).toBe(`Valid for 7 days, until ${until}.`);

    await user.click(screen.getByRole("button", { name: "Accept Offer" }));
    await waitFor(() => expect(heading().textContent).toBe("Offer accepted"));
    expect(document.activeElement).toBe(heading());
    expect(calls[2]).toEqual({
      url: "/api/eval-expert/accept-offer",
      body: { evalid: "ev-1", lead_id: "lead-9", category: "Trade-In", subcategory: TRADE_IN_STAGES["offer-accepted"], form_completed: true, offer_accepted: true },
    });
    expect(screen.queryByRole("button", { name: "Accept Offer" })).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("Our buying team will contact you");
  });

  it("candidates (either key spelling): a radio list, '* Please choose one car.', then manual-entry with the VIN and the chosen description", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [{ VIN: "VIN310", vehicleDescriptions: [{ Description: "2019 Toyota Corolla Ascent" }, { Description: "2019 Toyota Corolla SX" }] }]);
    answers["/api/eval-expert/manual-entry"] = () => json(200, [{ ...CAR, EvalID: "ev-2", Make: "Toyota", Model: "Corolla", Variant: "SX", Year: 2019 }]);
    const user = show();
    await findCar(user, "310TYA");
    await waitFor(() => expect(heading().textContent).toBe("Step Two: Vehicle Selection"));
    expect(screen.getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["2019 Toyota Corolla Ascent", "2019 Toyota Corolla SX"]);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText(CHOOSE_CAR_MESSAGE)).toBeTruthy();
    expect(screen.getByRole("group").getAttribute("aria-describedby")).toBe(screen.getByText(CHOOSE_CAR_MESSAGE).id);
    await user.click(screen.getByLabelText("2019 Toyota Corolla SX"));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    expect(calls[1]).toEqual({ url: "/api/eval-expert/manual-entry", body: { vin: "VIN310", desc: "2019 Toyota Corolla SX" } });
    expect(screen.getByTestId("found-car").textContent).toContain("2019 Toyota Corolla SX");
  });

  it("also reads the other spelling, a list of plain descriptions", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [{ VIN: "V", VehicleDescriptionList: ["A car", "B car"] }]);
    const user = show();
    await findCar(user, "310TYA");
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(2));
  });

  it("not found: the spec's text, the site's phone as a tel: link, Contact, and Back to Step One reset (spec §4 \"Back resets it\")", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [{}]);
    const user = show();
    await findCar(user, "ZZZ999", "NSW");
    await waitFor(() => expect(screen.getByText(NOT_FOUND_MESSAGE)).toBeTruthy());
    expect(screen.getByRole("link", { name: "Call 07 3000 1234" }).getAttribute("href")).toBe("tel:+61730001234");
    expect(screen.getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("/contact-us");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(heading().textContent).toBe("Step One: Vehicle Details");
    expect(document.activeElement).toBe(heading());
    // The form as first shown: no registration, the site's state (WA here), no errors.
    expect((screen.getByLabelText(/^Registration/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/^State/) as HTMLSelectElement).value).toBe("WA");
    expect(screen.queryByRole("alert")).toBeNull();
    // A new lookup starts from there: the empty registration is refused before any call.
    await user.click(screen.getByRole("button", { name: "Find My Car" }));
    expect(errorOf(screen.getByLabelText(/^Registration/))).toBe(REQUIRED_MESSAGE);
    expect(calls).toHaveLength(1);
    await findCar(user, "825MZD", "QLD");
    await waitFor(() => expect(screen.getByText(NOT_FOUND_MESSAGE)).toBeTruthy());
    expect(calls[1].body).toEqual({ rego: "825MZD", state: "QLD" });
  });

  it("before a vehicle is found it is named in the site's word (issue 29): Find My Caravan, We could not find your caravan", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [{}]);
    const user = show({ siteKind: "caravan" });
    await user.type(screen.getByLabelText(/^Registration/), "ZZZ999");
    await user.click(screen.getByRole("button", { name: "Find My Caravan" }));
    await waitFor(() => expect(heading().textContent).toBe("We could not find your caravan"));
  });

  describe("/api/miscellaneous (spec §7: the valuation, on sites with sendValuationToMiscellaneous)", () => {
    const VALUED = { ...CAR, KM: 45000, lead_id: "lead-9", stage: TRADE_IN_STAGES.valuation, offer_price: 23450, valid_until: "2030-01-08T00:00:00.000Z", adjustments: [{ label: "Dealer margin", amount: -5000 }] };

    async function toOffer(over: Partial<TradeInWizardProps>, answer: object = VALUED) {
      answers["/api/eval-expert/enter-vin"] = () => json(200, [CAR]);
      answers["/api/eval-expert/update-eval"] = () => json(200, [answer]);
      const user = show(over);
      await findCar(user);
      await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
      await fillDetails(user);
      await user.click(screen.getByRole("button", { name: "Get My Offer" }));
      return user;
    }

    it("on such a site: once the valuation is known, update-eval's answer with EvalID and column_name valuation", async () => {
      answers["/api/miscellaneous"] = () => json(200, { success: true });
      await toOffer({ sendValuationToMiscellaneous: true });
      await waitFor(() => expect(heading().textContent).toBe("Your offer"));
      await waitFor(() => expect(calls.map((c) => c.url)).toEqual(["/api/eval-expert/enter-vin", "/api/eval-expert/update-eval", "/api/miscellaneous"]));
      expect(calls[2].body).toEqual({ ...VALUED, EvalID: "ev-1", column_name: "valuation" });
    });

    it("also for a car without an online figure (the answer is still the valuation)", async () => {
      answers["/api/miscellaneous"] = () => json(200, { success: true });
      const none = { ...CAR, Year: 2012, lead_id: "lead-3", offer_price: null, reason: noOnlineEstimateReason(7) };
      await toOffer({ sendValuationToMiscellaneous: true }, none);
      await waitFor(() => expect(heading().textContent).toBe(NO_ONLINE_FIGURE_TITLE));
      await waitFor(() => expect(calls).toHaveLength(3));
      expect(calls[2]).toEqual({ url: "/api/miscellaneous", body: { ...none, column_name: "valuation" } });
    });

    it("a failure there is only logged: the offer shows, no alert, and Accept still works", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      answers["/api/miscellaneous"] = () => json(500, { success: false, message: "boom" });
      answers["/api/eval-expert/accept-offer"] = () => json(200, { success: true, lead_id: "lead-9" });
      const user = await toOffer({ sendValuationToMiscellaneous: true });
      await waitFor(() => expect(heading().textContent).toBe("Your offer"));
      await waitFor(() => expect(logged).toHaveBeenCalled());
      expect(screen.queryByRole("alert")).toBeNull();
      answers["/api/miscellaneous"] = () => Promise.reject(new TypeError("Failed to fetch"));
      await user.click(screen.getByRole("button", { name: "Accept Offer" }));
      await waitFor(() => expect(heading().textContent).toBe("Offer accepted"));
      expect(screen.queryByRole("alert")).toBeNull();
      expect(calls.filter((c) => c.url === "/api/miscellaneous")).toHaveLength(1);
    });

    it("a network failure there is only logged too", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      answers["/api/miscellaneous"] = () => Promise.reject(new TypeError("Failed to fetch"));
      await toOffer({ sendValuationToMiscellaneous: true });
      await waitFor(() => expect(heading().textContent).toBe("Your offer"));
      await waitFor(() => expect(logged).toHaveBeenCalled());
      expect(screen.queryByRole("alert")).toBeNull();
      expect(screen.getByTestId("offer").textContent).toBe("$23,450");
    });

    it("not called on other sites (setting off or absent)", async () => {
      await toOffer({ sendValuationToMiscellaneous: false });
      await waitFor(() => expect(heading().textContent).toBe("Your offer"));
      cleanup();
      await toOffer({});
      await waitFor(() => expect(heading().textContent).toBe("Your offer"));
      // Give a stray call the chance to happen.
      await act(async () => await new Promise((r) => setTimeout(r, 20)));
      expect(calls.map((c) => c.url)).not.toContain("/api/miscellaneous");
    });

    it("not called before the valuation is known (lookup only, or update-eval refused)", async () => {
      answers["/api/miscellaneous"] = () => json(200, { success: true });
      answers["/api/eval-expert/enter-vin"] = () => json(200, [CAR]);
      answers["/api/eval-expert/update-eval"] = () => json(409, { success: false, message: "Your details have already been sent to our buying team." });
      const user = show({ sendValuationToMiscellaneous: true });
      await findCar(user);
      await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
      await fillDetails(user);
      await user.click(screen.getByRole("button", { name: "Get My Offer" }));
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Your details have already been sent to our buying team."));
      expect(calls.map((c) => c.url)).toEqual(["/api/eval-expert/enter-vin", "/api/eval-expert/update-eval"]);
    });
  });

  it("image step on: JPEG preview, HEIC by name, the 10 MB and 10-image messages, one upload request per image", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [CAR]);
    answers["/api/eval-expert/image-upload"] = () => json(200, [{ ok: true }]);
    const user = show({ imageStep: true });
    await findCar(user);
    await waitFor(() => expect(heading().textContent).toBe("Step Three: Upload Images"));
    const picker = screen.getByLabelText(/^Photos of your car/) as HTMLInputElement;
    expect(picker.accept).toContain("image/heic");
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    const big = file("big.jpg", "image/jpeg");
    Object.defineProperty(big, "size", { value: 10_000_001 });
    fireEvent.change(picker, { target: { files: [file("front.jpg", "image/jpeg"), file("side.heic", "")] } });
    expect(screen.getByRole("img", { name: "front.jpg" }).getAttribute("src")).toBe("blob:front.jpg");
    expect(screen.queryByRole("img", { name: "side.heic" })).toBeNull();
    expect(screen.getByText("side.heic", { selector: "li > span" })).toBeTruthy();
    fireEvent.change(picker, { target: { files: [big] } });
    expect(errorOf(picker)).toBe(IMAGE_TOO_LARGE_MESSAGE);
    fireEvent.change(picker, { target: { files: Array.from({ length: 9 }, (_, i) => file(`p${i}.png`, "image/png")) } });
    expect(screen.getAllByRole("button", { name: /^Remove/ })).toHaveLength(10);
    expect(errorOf(picker)).toBe(TOO_MANY_IMAGES_MESSAGE);
    await user.click(screen.getByRole("button", { name: "Remove side.heic" }));
    expect(screen.getAllByRole("button", { name: /^Remove/ })).toHaveLength(9);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    const uploads = calls.filter((c) => c.url === "/api/eval-expert/image-upload");
    expect(uploads).toHaveLength(9);
    expect(uploads[0].body.evalid).toBe("ev-1");
    expect((uploads[0].body.file as File).name).toBe("front.jpg");
  });

  it("an upload refused by the server: its message at the upload field (focused), the step stays, and a retry sends only the images not yet sent", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [CAR]);
    let n = 0;
    const overHour = "Pictures sent from your connection may add up to 100 MB an hour, and this one would go over. Please try again in 60 minutes, or remove this picture to continue without it.";
    answers["/api/eval-expert/image-upload"] = () => (++n === 2 ? json(413, { error: IMAGE_TOO_LARGE_MESSAGE }) : n === 3 ? json(429, { success: false, message: overHour }) : json(200, [{ ok: true }]));
    const user = show({ imageStep: true });
    await findCar(user);
    await waitFor(() => expect(heading().textContent).toBe("Step Three: Upload Images"));
    const files = ["a.jpg", "b.jpg", "c.jpg"].map((name) => new File([new Uint8Array(4)], name, { type: "image/jpeg" }));
    const picker = screen.getByLabelText(/^Photos of your car/);
    fireEvent.change(picker, { target: { files } });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(errorOf(picker)).toBe(`b.jpg: ${IMAGE_TOO_LARGE_MESSAGE}`));
    expect(document.activeElement).toBe(picker);
    expect(picker.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(heading().textContent).toBe("Step Three: Upload Images");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(errorOf(picker)).toBe(`b.jpg: ${overHour}`));
    expect(heading().textContent).toBe("Step Three: Upload Images");
    expect(screen.queryByRole("button", { name: "Remove a.jpg" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    expect(calls.filter((c) => c.url.endsWith("image-upload")).map((c) => (c.body.file as File).name)).toEqual(["a.jpg", "b.jpg", "b.jpg", "b.jpg", "c.jpg"]);
  });

  it("image step off: the single match goes past it", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [CAR]);
    const user = show({ imageStep: false });
    await findCar(user);
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    expect(screen.queryByLabelText(/^Photos/)).toBeNull();
  });

  it("a car outside the site's rule: no figure, the FAQ's reason, no Accept, the lead still sent", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(200, [{ ...CAR, Year: 2012 }]);
    answers["/api/eval-expert/update-eval"] = () => json(200, [{ ...CAR, Year: 2012, offer_price: null, lead_id: "lead-3" }]);
    const user = show();
    await findCar(user);
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Get My Offer" }));
    await waitFor(() => expect(screen.getByText(noOnlineEstimateReason(7))).toBeTruthy());
    // Not titled "Your offer": there is none.
    expect(heading().textContent).toBe(NO_ONLINE_FIGURE_TITLE);
    expect(screen.queryByTestId("offer")).toBeNull();
    expect(screen.queryByRole("button", { name: "Accept Offer" })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(["/api/eval-expert/enter-vin", "/api/eval-expert/update-eval"]);
  });

  it("failures: the server's message, else the spec's generic one; the step stays", async () => {
    answers["/api/eval-expert/enter-vin"] = () => json(422, { error: "Registration lookups are unavailable for this state." });
    const user = show();
    await findCar(user);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Registration lookups are unavailable for this state."));
    // The failure takes the focus (not left on <body> by the disabled button), so it is read out.
    expect(document.activeElement).toBe(screen.getByRole("alert"));
    expect(heading().textContent).toBe("Step One: Vehicle Details");
    answers["/api/eval-expert/enter-vin"] = () => json(500, "<html>");
    await user.click(screen.getByRole("button", { name: "Find My Car" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(CALL_FAILED_MESSAGE));
    answers["/api/eval-expert/enter-vin"] = () => Promise.reject(new TypeError("Failed to fetch"));
    await user.click(screen.getByRole("button", { name: "Find My Car" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(CALL_FAILED_MESSAGE));
    expect(document.activeElement).toBe(screen.getByRole("alert"));
  });

  it("?car_id= on the page's address is sent with the lookup and the final update", async () => {
    (window as any).happyDOM.setURL("https://harbourside.localhost/cars/trade-in?car_id=car-42");
    answers["/api/eval-expert/enter-vin"] = () => json(200, [CAR]);
    answers["/api/eval-expert/update-eval"] = () => json(200, [{ ...CAR, offer_price: 1000, lead_id: "l" }]);
    const user = show();
    await findCar(user);
    await waitFor(() => expect(heading().textContent).toBe("Step Four: Your Details"));
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Get My Offer" }));
    await waitFor(() => expect(heading().textContent).toBe("Your offer"));
    expect(calls[0].body.car_id).toBe("car-42");
    expect(calls[1].body.car_id).toBe("car-42");
  });

  it("a car_id that is not an id is not sent", async () => {
    (window as any).happyDOM.setURL("https://harbourside.localhost/cars/trade-in?car_id=%3Cscript%3E");
    answers["/api/eval-expert/enter-vin"] = () => json(200, [{}]);
    const user = show();
    await findCar(user);
    await waitFor(() => expect(screen.getByText(NOT_FOUND_MESSAGE)).toBeTruthy());
    expect(calls[0].body).toEqual({ rego: "825MZD", state: "QLD" });
  });

  it("the search animation: a new message every 5 s over 4 ticks while the lookup runs", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let finish!: (r: Response) => void;
    answers["/api/eval-expert/enter-vin"] = () => new Promise<Response>((r) => (finish = r));
    render(<TradeInWizard {...props} />);
    fireEvent.change(screen.getByLabelText(/^Registration/), { target: { value: "825MZD" } });
    fireEvent.click(screen.getByRole("button", { name: "Find My Car" }));
    const status = () => screen.getByRole("status").textContent?.trim();
    expect(status()).toBe(SEARCH_MESSAGES[0]);
    act(() => vi.advanceTimersByTime(4999));
    expect(status()).toBe(SEARCH_MESSAGES[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(status()).toBe(SEARCH_MESSAGES[1]);
    act(() => vi.advanceTimersByTime(5000));
    expect(status()).toBe(SEARCH_MESSAGES[2]);
    act(() => vi.advanceTimersByTime(5000));
    expect(status()).toBe(SEARCH_MESSAGES[3]);
    act(() => vi.advanceTimersByTime(20000));
    expect(status()).toBe(SEARCH_MESSAGES[3]);
    await act(async () => finish(json(200, [{}])));
    expect(screen.queryByText(SEARCH_MESSAGES[3])).toBeNull();
    expect(screen.getByText(NOT_FOUND_MESSAGE)).toBeTruthy();
  });
});

describe("trade-in wizard block (server)", () => {
  function html(change?: (t: TenantDocument) => void, p: Partial<BlockProps<"trade-in-wizard">> = {}) {
    const t = structuredClone(fixtureTenant);
    change?.(t);
    const el = TradeInWizardBlock({ id: "ti", props: { showFaq: true, ...p }, ctx: fixtureCtx("/trade-in", t) }) as ReactElement | null;
    return el ? renderToString(el).replace(/<!-- -->/g, "") : "";
  }

  it("renders the heading, Step One with the site's state and the FAQ for the site's variant, closed", () => {
    const out = html((t) => {
      t.features.tradeIn = { enabled: true, imageStep: false, maxAgeYears: 7, sendValuationToMiscellaneous: false };
      t.identity.state = "VIC";
    }, { heading: "Sell My Car", intro: "An offer in minutes." });
    expect(out).toContain('data-block="trade-in-wizard"');
    expect(out).toMatch(/<h2 id="ti-heading" class="fc-section-heading">Sell My Car<\/h2>/);
    expect(out).toContain("An offer in minutes.");
    expect(out).toContain("Step One: Vehicle Details");
    expect(out).toMatch(/<option value="VIC" selected="">VIC<\/option>/);
    expect(out).toContain("over 7 years old or over 100,000 km");
    expect(out).toContain("Your estimate is valid for 7 days.");
    expect(out).toContain("Monday to Friday 8.30am to 5.30pm, Saturday 9am to 5pm");
    expect(out).not.toMatch(/<details[^>]* open/);
  });

  it("the 10-year variant, default heading, and no FAQ when turned off", () => {
    const out = html();
    expect(out).toContain("Get an Instant Offer");
    expect(out).toContain("over 10 years old");
    expect(html(undefined, { showFaq: false })).not.toContain("<details");
  });

  it("passes the site's sendValuationToMiscellaneous to the wizard", () => {
    const t = structuredClone(fixtureTenant);
    const wizardProps = (doc: TenantDocument) => {
      const section = TradeInWizardBlock({ id: "ti", props: { showFaq: false }, ctx: fixtureCtx("/trade-in", doc) }) as ReactElement<{ children: ReactElement<{ children: ReactElement[] }>[] }>;
      const panel = section.props.children[0];
      const wizard = ([] as ReactElement[]).concat(panel.props.children).find((c) => c?.type === LazyTradeInWizard) as ReactElement<TradeInWizardProps>;
      return wizard.props;
    };
    t.features.tradeIn = { enabled: true, imageStep: false, maxAgeYears: 10, sendValuationToMiscellaneous: true };
    expect(wizardProps(t).sendValuationToMiscellaneous).toBe(true);
    t.features.tradeIn = { enabled: true, imageStep: false, maxAgeYears: 10, sendValuationToMiscellaneous: false };
    expect(wizardProps(t).sendValuationToMiscellaneous).toBe(false);
  });

  it("the lookup button names what the site sells (siteTerms): car, caravan, or vehicle on a site of motorcycles and trucks", () => {
    const button = (kinds: string[]) => /<button[^>]*>(Find My [^<]+)<\/button>/.exec(html((t) => (t.identity.stockKinds = kinds as never)))?.[1];
    expect(button(["car"])).toBe("Find My Car");
    expect(button(["caravan"])).toBe("Find My Caravan");
    expect(button(["motorcycle", "truck"])).toBe("Find My Vehicle");
  });

  it("renders nothing where the site has trade-in off", () => {
    expect(html((t) => (t.features.tradeIn = { enabled: false, imageStep: false, maxAgeYears: 10, sendValuationToMiscellaneous: false }))).toBe("");
  });
});
