import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import EnquiryForm from "./enquiry-form";

const base: BlockProps<"enquiry-form"> = { variant: "enquiry", showNotice: true };

function render(p: Partial<BlockProps<"enquiry-form">> = {}, change?: (t: TenantDocument) => void) {
  const t = structuredClone(fixtureTenant);
  change?.(t);
  const el = EnquiryForm({ id: "enq", props: { ...base, ...p }, ctx: fixtureCtx("/contact-us", t) }) as ReactElement;
  return renderToString(el).replace(/<!-- -->/g, "");
}
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&#x27;/g, "'");
const labels = (html: string) =>
  [...html.matchAll(/<label[^>]*for="enq-form-([a-z_]+)"[^>]*>(.*?)<\/label>/g)].map(([, name, inner]) => [name, text(inner).trim()]).filter(([name]) => name !== "website");

describe("enquiry form block", () => {
  it("renders the site's enquiry form under its heading and anchor, with the submit label, opt-in ticked and the consent", () => {
    const html = render({ intro: "Ask us anything." });
    expect(html).toMatch(/<section class="[^"]*" id="enquiry-form" aria-labelledby="enq-heading" data-block="enquiry-form">/);
    expect(html).toContain('<h2 id="enq-heading" class="');
    expect(text(html)).toContain("Make an EnquiryAsk us anything.");
    expect(labels(html)).toEqual([
      ["first_name", "First Name"],
      ["last_name", "Last Name"],
      ["email", "Email Address"],
      ["phone", "Phone Number"],
      ["category", "Enquiry Type"],
      ["message", "Message"],
      ["opt_in", "Keep me up to date with news and offers"],
    ]);
    expect(html).toMatch(/<input type="checkbox" id="enq-form-opt_in"[^>]* checked=""/);
    expect(text(html)).toContain("By submitting this enquiry, I agree to the Harbourside Group Privacy Policy.");
    expect(html).toContain('<a href="/privacy-policy">Harbourside Group Privacy Policy</a>');
    expect(text(html)).toContain("You can opt out at any time by replying STOP or using the opt-out link in our e-mails.");
    expect(html).toMatch(/<button type="submit" class="fc-button [^"]*">Enquire Now<\/button>/);
    expect(html).toContain('data-form="enquiry"');
    // Sent before the page is interactive, the fields never land in the address bar.
    expect(html).toMatch(/<form [^>]*method="post"/);
  });

  it("the site's settings: Message Now, no privacy link, a disclaimer, the registration, location and dealership selects", () => {
    const html = render({}, (t) => {
      t.forms.enquiry.submitLabel = "Message Now";
      t.forms.enquiry.privacyPolicyLink = false;
      t.forms.enquiry.disclaimer = "All enquiries are answered within one business day.";
      t.forms.enquiry.fields.registration = { show: true, required: false };
      t.forms.enquiry.fields.location = { show: true, required: true };
      t.forms.enquiry.fields.dealership = { show: true, required: true };
    });
    expect(html).toMatch(/>Message Now<\/button>/);
    expect(html).not.toContain('href="/privacy-policy"');
    expect(text(html)).toContain("By submitting this enquiry, I agree to the Harbourside Group Privacy Policy.");
    expect(text(html)).toContain("All enquiries are answered within one business day.");
    expect(labels(html).map(([n]) => n)).toEqual(["first_name", "last_name", "email", "phone", "category", "location_id", "dealership_slug", "rego", "message", "opt_in"]);
    // One dealership, one category: preselected from the first paint; hidden locations are not offered.
    expect(html).toMatch(/<option value="harbourside-motors" selected="">Harbourside Newstead<\/option>/);
    expect(html).toMatch(/<option value="General Enquiry" selected="">General Enquiry<\/option>/);
    expect(html).toContain("Please select a dealership...");
    expect(html).not.toContain("Harbourside Storage Yard");
  });

  it("starts the opt-in unticked where the site says so, on every variant", () => {
    const unticked = (t: TenantDocument) => (t.forms.enquiry.fields.optIn = { show: true, required: false, ticked: false });
    for (const variant of ["enquiry", "careers", "finance", "test-drive"] as const) {
      const html = render({ variant }, unticked);
      expect(html, variant).toMatch(/<input type="checkbox" id="enq-form-opt_in"/);
      expect(html, variant).not.toMatch(/<input type="checkbox" id="enq-form-opt_in"[^>]* checked=""/);
      // Submitting alone consents to nothing then: the notice says the box is how to consent.
      expect(text(html), variant).toMatch(/Tick the box above to receive future communications from .+\. You can opt out at any time by replying STOP/);
      expect(text(html), variant).not.toContain("By submitting this form you consent");
    }
    expect(text(render({ variant: "enquiry", showNotice: true }))).toContain("By submitting this form you consent to receiving future communications from");
  });

  it("careers, finance and test-drive variants: their heading, anchor and form", () => {
    const careers = render({ variant: "careers", showNotice: false });
    expect(careers).toContain('id="careers-form"');
    expect(careers).toContain('data-form="careers"');
    expect(text(careers)).toContain("Careers Enquiry");
    expect(careers).not.toContain('for="enq-form-category"');
    expect(text(careers)).not.toContain("replying STOP");
    const finance = render({ variant: "finance" });
    expect(finance).toContain('id="finance-form"');
    expect(finance).toContain('data-form="finance"');
    const td = render({ variant: "test-drive", anchor: "book" });
    expect(td).toContain('id="book"');
    expect(td).toMatch(/>Book a Test Drive<\/button>/);
    expect(labels(td).map(([n]) => n)).toEqual(["first_name", "last_name", "email", "phone", "preferred_date", "message", "opt_in"]);
  });

  it("the test-drive variant names the site's test by its stock (issue 29): a caravan site books an Inspection, a motorcycle site a Test Ride", () => {
    const caravans = render({ variant: "test-drive" }, (t) => (t.identity.stockKinds = ["caravan"]));
    expect(caravans).toMatch(/<h2 id="enq-heading" class="[^"]*">Book an Inspection<\/h2>/);
    expect(caravans).toMatch(/>Book an Inspection<\/button>/);
    expect(caravans).not.toContain("Test Drive");
    expect(render({ variant: "test-drive" }, (t) => (t.identity.stockKinds = ["motorcycle"]))).toMatch(/>Book a Test Ride<\/button>/);
    // The site's own heading stays; the button still names the test.
    const titled = render({ variant: "test-drive", title: "See a Caravan" }, (t) => (t.identity.stockKinds = ["caravan"]));
    expect(titled).toMatch(/>See a Caravan<\/h2>/);
    expect(titled).toMatch(/>Book an Inspection<\/button>/);
    // Motorcycles and trucks together: a test drive.
    expect(render({ variant: "test-drive" }, (t) => (t.identity.stockKinds = ["motorcycle", "truck"]))).toMatch(/>Book a Test Drive<\/button>/);
  });

  it("hides the honeypot from people and assistive technology", () => {
    const html = render();
    const trap = /<div class="[^"]*" aria-hidden="true"><label for="enq-form-website">Website<\/label>(<input [^>]*>)<\/div>/.exec(html);
    expect(trap).not.toBeNull();
    expect(trap![1]).toContain('name="website"');
    expect(trap![1]).toContain('tabindex="-1"');
  });
});
