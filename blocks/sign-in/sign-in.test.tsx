import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import SignIn from "./sign-in";
import { afterSignIn, SignInForm, type SignInFormProps } from "./sign-in.client";

const withAuth = () => {
  const t = structuredClone(fixtureTenant);
  t.features.auth.enabled = true;
  return t;
};

const form: SignInFormProps = { id: "s", heading: "Sign in", intro: "We'll text you a code.", example: "0412 345 678", country: "AU", enabled: true };
const render = (query: string | null, props: Partial<SignInFormProps> = {}) =>
  renderToStaticMarkup(<SignInForm {...form} {...props} query={query === null ? null : new URLSearchParams(query)} />);

describe("sign-in block", () => {
  it("renders a labelled mobile number field and a Send code button", async () => {
    const html = renderToStaticMarkup(<>{await SignIn({ id: "s", props: { heading: "Sign in", intro: "" }, ctx: fixtureCtx("/sign-in", withAuth()) })}</>);
    expect(html).toContain('<h2 id="s-heading"');
    expect(html).toContain(">Sign in</h2>");
    expect(html).toMatch(/<label[^>]*for="s-phone"[^>]*>Mobile number<\/label>/);
    expect(html).toMatch(/<input[^>]*id="s-phone"[^>]*type="tel"[^>]*autoComplete="tel"[^>]*inputMode="tel"/);
    expect(html).toContain('placeholder="0412 345 678"');
    expect(html).toContain(">Send code</button>");
    expect(html).not.toContain('role="alert"');
  });

  it("names the demo number while texts go only to the embedded outbox, New Zealand's on a New Zealand site", async () => {
    const html = renderToStaticMarkup(<>{await SignIn({ id: "s", props: { heading: "Sign in", intro: "" }, ctx: fixtureCtx("/sign-in", withAuth()) })}</>);
    expect(html).toContain("Trying the demo? Sign in with 0491 570 006: this site sends no text messages, so its code is shown here.");
    const t = withAuth();
    t.identity.locale = "en-NZ";
    expect(renderToStaticMarkup(<>{await SignIn({ id: "s", props: { heading: "Sign in", intro: "" }, ctx: fixtureCtx("/sign-in", t) })}</>)).toContain("Sign in with 021 555 0100:");
    // Without a demo number (a real SMS vendor), nothing is said.
    expect(render(null, { demoNumber: null })).not.toContain("Trying the demo");
  });

  it("says sign-in is unavailable where the site has it off", async () => {
    const html = renderToStaticMarkup(<>{await SignIn({ id: "s", props: { heading: "Sign in", intro: "" }, ctx: fixtureCtx("/sign-in") })}</>);
    expect(html).toContain("Signing in is not available on this site.");
    expect(html).not.toContain("<input");
  });

  it("uses the New Zealand example on a New Zealand site", async () => {
    const t = withAuth();
    t.identity.locale = "en-NZ";
    const html = renderToStaticMarkup(<>{await SignIn({ id: "s", props: { heading: "Sign in", intro: "" }, ctx: fixtureCtx("/sign-in", t) })}</>);
    expect(html).toContain('placeholder="021 123 4567"');
  });

  it("picks the heading by type, and links Back only to a same-site path", () => {
    expect(render("type=watchlist&redirect=%2Fsearch&back=%2Fsearch%3Fpage%3D2")).toContain(">Sign in to save cars to your watchlist</h2>");
    expect(render("type=watchlist&back=%2Fsearch%3Fpage%3D2")).toContain('<a href="/search?page=2">Back</a>');
    expect(render("type=nonsense")).toContain(">Sign in</h2>");
    expect(render(null)).toContain(">Sign in</h2>");
    expect(render("back=https%3A%2F%2Fevil.example")).toContain('<a href="/">Back</a>');
    expect(render("back=%2F%2Fevil.example")).toContain('<a href="/">Back</a>');
    expect(render(null)).not.toContain(">Back<");
  });

  it.each([
    ["trade-in", "Sign in to value your car"],
    ["checkout", "Sign in to reserve this car"],
    ["finance", "Sign in to apply for finance"],
    ["spin-to-win", "Sign in to spin to win"],
    ["online-payment", "Sign in to make a payment"],
    ["car-finance", "Sign in to check your car finance"],
    ["my-garage", "Sign in to see My Garage"],
  ])("says what type=%s signs in for", (type, heading) => {
    expect(render(`type=${type}&redirect=%2Fmy-garage&back=%2F`)).toContain(`>${heading}</h2>`);
  });

  it("links Back to a gated page's origin, and to / for every hostile back", () => {
    expect(render("type=my-garage&redirect=%2Fmy-garage&back=%2Fsearch%2Fused-cars")).toContain('<a href="/search/used-cars">Back</a>');
    for (const hostile of ["//evil.example", "https://evil.example/", "javascript:alert(1)", "/\\evil.example", "/%2F%2Fevil.example", "/%5Cevil.example", "/x\u0000", `/${"a".repeat(2001)}`]) {
      expect(render(`type=finance&back=${encodeURIComponent(hostile)}`)).toContain('<a href="/">Back</a>');
    }
  });
});

describe("afterSignIn: where a verified visitor goes", () => {
  it.each([
    ["/my-garage", "/my-garage"],
    ["/finance?car_id=abc", "/finance?car_id=abc"],
    [null, "/"],
    // Back to the sign-in page would only ask again.
    ["/sign-in?type=finance&redirect=%2Ffinance", "/"],
    ["/SIGN-IN", "/"],
    ["/sign-in-help", "/sign-in-help"],
    ["//evil.example", "/"],
    ["https://evil.example/my-garage", "/"],
    ["javascript:alert(document.cookie)", "/"],
    ["/\\evil.example", "/"],
    ["\\\\evil.example", "/"],
    ["/%2F%2Fevil.example", "/"],
    ["/%252F%252Fevil.example", "/"],
    ["/my-garage\u0000", "/"],
    ["/my-garage%00", "/"],
    [`/${"a".repeat(2001)}`, "/"],
  ])("%j → %j", (redirect, to) => {
    expect(afterSignIn(redirect)).toBe(to);
  });
});
