import { describe, expect, it } from "vitest";
import { NEW_DEALERSHIP, parseSiteAnswers, textColourOn, USUAL_HOURS, wizardFieldFor, type WizardOptions } from "./new-site";
import { contrastRatio } from "./tenant-validation";

const options: WizardOptions = {
  makes: { car: ["Ford", "Isuzu UTE", "Mazda"], motorcycle: ["Yamaha"], truck: ["Hino"], caravan: ["Jayco"] },
  dealerships: [
    { id: 301, name: "Bluegum Pre-Owned", tenant: "bluegum", stock: 118, vehicles: 120 },
    { id: 950, name: "Tasman Utes", tenant: null, stock: 40, vehicles: 42 },
    { id: 951, name: "", tenant: null, stock: 3, vehicles: 3 },
  ],
  newDealershipId: 952,
};

const good = {
  kind: "franchise", name: "  Tasman Ute Centre ", makes: ["Isuzu UTE", "Ford"], leadEmail: "sales@tasmanutes.com.au", phone: "03 6200 1234",
  location: { name: "Tasman Ute Centre Hobart", street: "40 Main Road", city: "Moonah", state: "TAS", postcode: "7009" },
  hours: USUAL_HOURS, dealerships: ["950", 951, NEW_DEALERSHIP], colors: { primary: "#7A1F1F", accent: "#f2c14e" }, domains: "www.tasmanutes.com.au\n",
};

describe("the new-site wizard's answers", () => {
  it("reads good answers: the name tidied, the slug made from it, the dealerships named from the directory", () => {
    const { answers, errors } = parseSiteAnswers(good, options);
    expect(errors).toEqual([]);
    expect(answers).toMatchObject({
      kind: "franchise", name: "Tasman Ute Centre", slug: "tasman-ute-centre", domains: ["www.tasmanutes.com.au"], makes: ["Isuzu UTE", "Ford"],
      colors: { primary: "#7a1f1f", accent: "#f2c14e" }, logo: null,
      dealerships: [{ id: 950, name: "Tasman Utes" }, { id: 951, name: "Tasman Ute Centre" }, { id: 952, name: "Tasman Ute Centre" }],
    });
    expect(answers!.hours).toHaveLength(7);
    // The service department: as asked (false only when said so).
    expect(answers!.service).toBe(true);
    expect(parseSiteAnswers({ ...good, service: false }, options).answers!.service).toBe(false);
  });

  it("reads the dealer licence number when given, and refuses one too long naming its field", () => {
    expect(parseSiteAnswers({ ...good, location: { ...good.location, licence: " TAS  12874 " } }, options).answers!.location).toEqual({
      name: "Tasman Ute Centre Hobart", street: "40 Main Road", city: "Moonah", state: "TAS", postcode: "7009", licence: "TAS 12874",
    });
    expect(parseSiteAnswers(good, options).answers!.location).not.toHaveProperty("licence");
    expect(parseSiteAnswers({ ...good, location: { ...good.location, licence: "9".repeat(41) } }, options).errors).toEqual([
      { pointer: "/location/licence", message: "Dealer licence number must be at most 40 characters (it has 41)." },
    ]);
    expect(wizardFieldFor("/locations/0/dealer_license_number")).toBe("/location/licence");
  });

  it("names the field of every wrong answer in plain words", () => {
    const { answers, errors } = parseSiteAnswers(
      {
        kind: "franchise", name: "", makes: ["Toyota"], leadEmail: "sales at tasman", phone: "call us", slug: "Bad Slug!", domains: ["not a domain"],
        location: { name: "Hobart", street: "", city: "Moonah", state: "AUK", postcode: "700" },
        hours: [{ weekday: 1, status: "open", open: "17:00", close: "08:00" }, { weekday: 2, status: "sometimes" }],
        dealerships: [301, 999], colors: { primary: "red", accent: "#f2c14e" },
      },
      options,
    );
    expect(answers).toBeNull();
    expect(errors).toEqual([
      { pointer: "/name", message: "Site name is required." },
      { pointer: "/slug", message: "Web address name may use lower-case letters, digits and single hyphens between them, e.g. tasman-ute-centre." },
      { pointer: "/domains", message: 'Domain "not a domain" is not a web address like www.example.com.au.' },
      { pointer: "/makes", message: 'Makes sold: "Toyota" is not one of the makes offered for this kind of site; pick makes from the list.' },
      { pointer: "/leadEmail", message: "Lead e-mail must look like sales@example.com.au." },
      { pointer: "/phone", message: "Main phone must look like 07 3000 1234 or +61 7 3000 1234." },
      { pointer: "/location/street", message: "Street address is required." },
      { pointer: "/location/state", message: "Choose an Australian state, or choose New Zealand dealer as the kind of site." },
      { pointer: "/location/postcode", message: "Postcode must be 4 digits, e.g. 7000." },
      { pointer: "/hours/1", message: "Monday: the closing time must be after the opening time." },
      { pointer: "/hours/2", message: "Tuesday: choose open, closed or by appointment." },
      { pointer: "/hours", message: "Opening hours: give at least one day the location is open." },
      { pointer: "/dealerships", message: "Dealership 301 (Bluegum Pre-Owned) belongs to another site." },
      { pointer: "/dealerships", message: 'Dealership "999" is not in the platform\'s list of dealerships.' },
      { pointer: "/colors/primary", message: "Main colour must look like #1A2B3C." },
    ]);
  });

  it("refuses hostile text with a clear message: NUL, lone surrogates, huge strings, placeholders, wrong types", () => {
    const bad = (change: Record<string, unknown>) => parseSiteAnswers({ ...good, ...change }, options).errors;
    const unusable = "contains a character that cannot be used (a control character or a broken emoji); type it again.";
    expect(bad({ name: "Tasman\u0000Utes" })).toEqual([{ pointer: "/name", message: `Site name ${unusable}` }]);
    expect(bad({ name: "Tasman \ud83d Utes" })).toEqual([{ pointer: "/name", message: `Site name ${unusable}` }]);
    expect(bad({ name: "Tasman \ufffd Utes" })).toEqual([{ pointer: "/name", message: `Site name ${unusable}` }]);
    expect(bad({ name: "x".repeat(100_000) })).toEqual([{ pointer: "/name", message: "Site name must be at most 80 characters (it has 100000)." }]);
    expect(bad({ name: "[Placeholder] Dealer name" })).toEqual([{ pointer: "/name", message: "Site name must be the dealer's own words, not placeholder text." }]);
    expect(bad({ name: "!!!" })).toEqual([{ pointer: "/name", message: "Site name needs at least one letter or digit." }]);
    expect(bad({ leadEmail: { $ne: 1 } })).toEqual([{ pointer: "/leadEmail", message: "Lead e-mail must be text." }]);
    expect(bad({ makes: "Ford" })).toEqual([{ pointer: "/makes", message: "Makes sold must be a list of makes." }]);
    expect(bad({ makes: [] })).toEqual([{ pointer: "/makes", message: "Choose at least one make the dealership sells new." }]);
    expect(bad({ dealerships: [] })).toEqual([{ pointer: "/dealerships", message: "Choose the dealerships whose stock the site shows, or a new dealership." }]);
    expect(bad({ hours: "always" })).toEqual([{ pointer: "/hours", message: "Opening hours must list each day at most once." }]);
    expect(bad({ kind: "spaceship" })).toEqual([{ pointer: "/kind", message: "Choose the kind of site." }]);
    expect(bad({ kind: "nz" })).toEqual([
      // A New Zealand site's makes come from the same car list; its region must be a New Zealand one.
      { pointer: "/location/state", message: "A New Zealand site needs a New Zealand region." },
    ]);
    expect(bad({ kind: "used", makes: [] })).toEqual([]);
  });

  it("picks readable text on brand colours", () => {
    for (const c of ["#7a1f1f", "#f2c14e", "#ffffff", "#000000", "#0b5394", "#ffcc00"]) expect(contrastRatio(textColourOn(c), c)).toBeGreaterThanOrEqual(4.5);
    expect(textColourOn("#ffcc00")).toBe("#111111");
  });

  it("places each error of the built site at the wizard field it comes from", () => {
    expect(wizardFieldFor("/identity/slug")).toBe("/slug");
    expect(wizardFieldFor("/identity/domains/1")).toBe("/domains");
    expect(wizardFieldFor("/dealerships/0/id")).toBe("/dealerships");
    expect(wizardFieldFor("/dealerships/0/leadEmail")).toBe("/leadEmail");
    expect(wizardFieldFor("/locations/1/address/postcode")).toBe("/location/postcode");
    expect(wizardFieldFor("/locations/0/opening_hours/3/close")).toBe("/hours");
    expect(wizardFieldFor("/theme/colors/onAccent")).toBe("/colors/accent");
    expect(wizardFieldFor("/pages/0/blocks/1")).toBeNull();
  });
});
