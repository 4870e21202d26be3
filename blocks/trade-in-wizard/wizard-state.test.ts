import { describe, expect, it } from "vitest";
import { IMAGE_TYPE_MESSAGE, TOO_MANY_IMAGES_MESSAGE } from "../../domain/trade-in";
import { acceptPictures, initialWizard, wizardReducer, type WizardAction, type WizardState } from "./wizard-state";

const CAR = { EvalID: "ev-1", Make: "Mazda", Model: "CX-5", Year: 2021 };
const run = (actions: WizardAction[], from: WizardState = initialWizard("WA")) => actions.reduce(wizardReducer, from);
const file = (name: string, size = 1000, type = "image/jpeg") => new File([new Uint8Array(size)], name, { type });
const OUTCOME = { leadId: "lead-1", offer: { price: 20000, validUntil: null }, valuation: {} };

describe("trade-in wizard state", () => {
  it("starts on Step One with the site's state and Phone as the contact method", () => {
    const s = initialWizard("WA");
    expect(s).toMatchObject({ view: "vehicle-details", state: "WA", rego: "", busy: false, searching: false, callError: null, accepted: false });
    expect(s.details).toEqual({ preferred_contact_method: "Phone" });
  });

  it("typing, choosing and the step's errors", () => {
    const s = run([{ type: "rego", value: "825MZD" }, { type: "state", value: "QLD" }, { type: "step-invalid", errors: { rego: "x" } }]);
    expect(s).toMatchObject({ rego: "825MZD", state: "QLD", stepErrors: { rego: "x" } });
    expect(run([{ type: "choose", value: "A" }]).chosen).toBe("A");
  });

  it("a call: busy (searching when asked) and the old message cleared; a failure keeps the step and shows the message; the end stops both", () => {
    const started = run([{ type: "call-failed", message: "old" }, { type: "call-started", search: true }]);
    expect(started).toMatchObject({ busy: true, searching: true, callError: null });
    expect(run([{ type: "call-started", search: false }]).searching).toBe(false);
    const failed = run([{ type: "call-failed", message: "down" }, { type: "call-ended" }], started);
    expect(failed).toMatchObject({ busy: false, searching: false, callError: "down", view: "vehicle-details" });
  });

  it("a lookup with one match: the car kept, on to Your Details, or Upload Images where the site has the step", () => {
    const s = run([{ type: "step-invalid", errors: { rego: "x" } }, { type: "looked-up", found: { kind: "match", evaluation: CAR }, imageStep: false }]);
    expect(s).toMatchObject({ view: "your-details", evaluation: CAR, stepErrors: {}, callError: null });
    expect(run([{ type: "looked-up", found: { kind: "match", evaluation: CAR }, imageStep: true }]).view).toBe("upload-images");
  });

  it("a lookup with candidates: Vehicle Selection with the VIN and descriptions, none chosen; a selection moves on with the car", () => {
    const s = run([{ type: "choose", value: "old" }, { type: "looked-up", found: { kind: "candidates", vin: "VIN1", descriptions: ["A", "B"] }, imageStep: false }]);
    expect(s).toMatchObject({ view: "vehicle-selection", vin: "VIN1", descriptions: ["A", "B"], chosen: "" });
    expect(run([{ type: "selected", evaluation: CAR, imageStep: false }], s)).toMatchObject({ view: "your-details", evaluation: CAR });
    expect(run([{ type: "selected", evaluation: CAR, imageStep: true }], s).view).toBe("upload-images");
  });

  it("no match: the not-found panel; Back resets Step One (registration empty, the site's state)", () => {
    const notFound = run([{ type: "rego", value: "ZZZ" }, { type: "state", value: "NSW" }, { type: "looked-up", found: { kind: "none" }, imageStep: false }]);
    expect(notFound.view).toBe("not-found");
    const back = run([{ type: "call-failed", message: "x" }, { type: "back", defaultState: "WA" }], { ...notFound, vin: "V", descriptions: ["A"], chosen: "A", evaluation: CAR });
    expect(back).toMatchObject({ view: "vehicle-details", rego: "", state: "WA", vin: "", descriptions: [], chosen: "", evaluation: null, callError: null });
  });

  it("pictures: added with the first refusal's message, removed (message cleared), marked uploaded, refused by the server, then on to Your Details", () => {
    const a = { file: file("a.jpg"), url: "blob:a" };
    const b = { file: file("b.heic"), url: null };
    let s = run([{ type: "pictures-added", pictures: [a, b], error: TOO_MANY_IMAGES_MESSAGE }]);
    expect(s.pictures).toEqual([a, b]);
    expect(s.imageError).toBe(TOO_MANY_IMAGES_MESSAGE);
    s = run([{ type: "picture-removed", index: 1 }], s);
    expect(s).toMatchObject({ pictures: [a], imageError: null });
    s = run([{ type: "picture-uploaded", picture: a }, { type: "picture-refused", message: "b.jpg: too big" }], s);
    expect(s.pictures).toEqual([{ ...a, uploaded: true }]);
    expect(s.imageError).toBe("b.jpg: too big");
    expect(run([{ type: "images-done" }], { ...s, view: "upload-images" }).view).toBe("your-details");
  });

  it("acceptPictures: counts the ones already there and those accepted before; keeps the first refusal", () => {
    const nine = acceptPictures(9, [file("a.jpg"), file("b.jpg"), file("c.txt", 10, "text/plain")]);
    expect(nine.accepted.map((f) => f.name)).toEqual(["a.jpg"]);
    expect(nine.error).toBe(TOO_MANY_IMAGES_MESSAGE);
    expect(acceptPictures(0, [file("c.txt", 10, "text/plain"), file("a.jpg")])).toMatchObject({ error: IMAGE_TYPE_MESSAGE });
    expect(acceptPictures(0, [file("a.jpg")]).error).toBeNull();
  });

  it("details: typed, kept details fill only the empty fields, errors shown then cleared by the offer", () => {
    let s = run([{ type: "detail", name: "first_name", value: "Ada" }, { type: "details-filled", values: { first_name: "Kept", email: "k@example.com" } }]);
    expect(s.details).toEqual({ preferred_contact_method: "Phone", first_name: "Ada", email: "k@example.com" });
    expect(run([{ type: "details-filled", values: {} }], s)).toBe(s);
    s = run([{ type: "details-invalid", errors: { phone: "bad" } }], s);
    expect(s.detailErrors).toEqual({ phone: "bad" });
    const madeAt = new Date("2026-01-01T00:00:00Z");
    s = run([{ type: "offered", outcome: OUTCOME, madeAt }], { ...s, view: "your-details" });
    expect(s).toMatchObject({ view: "offer", detailErrors: {}, outcome: { ...OUTCOME, madeAt } });
  });

  it("accepting the offer", () => {
    expect(run([{ type: "accepted" }]).accepted).toBe(true);
  });
});
