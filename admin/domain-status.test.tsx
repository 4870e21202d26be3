// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DomainStatus, type DomainState } from "./domain-status.client";
import { certificateIssued, domainSettings, pointsHere } from "../server/domains/checks";

// The admin's domain status against a stubbed server answering as GET /api/admin/tenants/{slug}/domains
// does (server/domains/status.test.ts drives the real endpoint).

const FIRST: DomainState[] = [
  { domain: "www.alpha.test", published: true, pointsHere: { ok: true, text: "Points here." }, certificate: { ok: false, text: "No certificate yet (the TLS proxy refused the handshake: ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR)." } },
  { domain: "new.alpha.test", published: false, pointsHere: { ok: false, text: "Points elsewhere: 198.51.100.7." }, certificate: { ok: false, text: "No certificate until the site is published with this domain." } },
];
const SECOND: DomainState[] = [{ ...FIRST[0], certificate: { ok: true, text: "Certificate issued (valid until 2027-02-28)." } }, FIRST[1]];

let answers: (() => Promise<Response>)[];
let urls: string[];
const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      return (answers.shift() ?? json(500, {}))();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const status = () => screen.getByRole("status");

describe("the admin's domain status", () => {
  it("checks when shown, lists each domain's state, and checks again on request with the result announced", async () => {
    answers = [json(200, { checkedAt: "2026-11-29T00:30:00Z", domains: FIRST }), json(200, { checkedAt: "2026-11-29T00:31:00Z", domains: SECOND })];
    render(<DomainStatus slug="alpha" domains={["www.alpha.test", "new.alpha.test"]} />);
    await waitFor(() => expect(status().textContent).toMatch(/^Checked 2 domains at .+: points here 1 of 2, certificate issued 0 of 2\.$/));
    expect(urls).toEqual(["/api/admin/tenants/alpha/domains"]);
    const items = within(screen.getByRole("list", { name: "Domains" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "www.alpha.test PublishedPoints hereYes Points here.Certificate issuedNo No certificate yet (the TLS proxy refused the handshake: ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR).",
      "new.alpha.test In the draft onlyPoints hereNo Points elsewhere: 198.51.100.7.Certificate issuedNo No certificate until the site is published with this domain.",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(status().textContent).toMatch(/: points here 1 of 2, certificate issued 1 of 2\.$/));
    expect(screen.getByText("Certificate issued (valid until 2027-02-28).", { exact: false })).toBeTruthy();
    expect(urls).toHaveLength(2);
  });

  it("says when a domain typed in the editor is not saved yet, and shows the server's refusal", async () => {
    answers = [json(200, { checkedAt: "2026-11-29T00:30:00Z", domains: FIRST.slice(0, 1) }), json(401, { message: "Your session has ended. Sign in again (your edits stay in this tab)." })];
    render(<DomainStatus slug="alpha" domains={["www.alpha.test", "typed.alpha.test"]} />);
    await screen.findByText("Save the draft to check typed.alpha.test.");
    await waitFor(() => expect((screen.getByRole("button", { name: "Check again" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(status().textContent).toBe("Your session has ended. Sign in again (your edits stay in this tab)."));
  });

  it("says what the platform could not check in staff's words, never an environment variable's name", async () => {
    const unset = domainSettings({});
    const lookup = async () => ["203.0.113.10"];
    const domains: DomainState[] = [
      { domain: "www.alpha.test", published: true, pointsHere: await pointsHere("www.alpha.test", unset, lookup), certificate: await certificateIssued("www.alpha.test", unset) },
    ];
    answers = [json(200, { checkedAt: "2026-11-29T00:30:00Z", domains })];
    render(<DomainStatus slug="alpha" domains={["www.alpha.test"]} />);
    const item = await screen.findByText("Not checked: this platform's public addresses are not configured.", { exact: false });
    expect(item.closest("li")!.textContent).toBe(
      "www.alpha.test PublishedPoints hereUnknown Not checked: this platform's public addresses are not configured." +
        "Certificate issuedUnknown Not checked: this platform's HTTPS server is not configured for checking certificates.",
    );
    expect(item.closest("li")!.textContent).not.toMatch(/[A-Z]{3,}_[A-Z]+/);
  });

  it("says so when the server cannot be reached", async () => {
    answers = [async () => Promise.reject(new TypeError("Failed to fetch"))];
    render(<DomainStatus slug="alpha" domains={[]} />);
    await waitFor(() => expect(status().textContent).toBe("The server could not be reached, so the domains were not checked. Check the connection and try again."));
  });
});
