// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EventSecretsForm, type SecretRow } from "./event-secrets-form.client";

// A secret saved with a key this server no longer has is not shown as "set": it must be entered again.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows: SecretRow[] = [
  { name: "ga4ApiSecret", label: "GA4 Measurement Protocol API secret", set: true, unreadable: true, changed: "12 May 2026, 9:05 am by staff@forecourt.test" },
  { name: "metaAccessToken", label: "Meta Conversions API access token", set: true, unreadable: false, changed: "13 May 2026, 10:00 am by staff@forecourt.test" },
];
const stateOf = (container: HTMLElement, name: string) => container.querySelector(`form[data-secret="${name}"] label`)?.textContent;

describe("the site's event secrets form", () => {
  it("says a saved secret this server's key cannot read must be entered again, and shows it set once it is", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ secrets: [] }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<EventSecretsForm slug="alpha" secrets={[...rows, { name: "other", label: "Other secret", set: false, changed: null }]} />);
    expect(stateOf(container, "ga4ApiSecret")).toBe(
      "GA4 Measurement Protocol API secret: saved, but it cannot be read with this server’s key: enter it again (changed 12 May 2026, 9:05 am by staff@forecourt.test)",
    );
    expect(stateOf(container, "metaAccessToken")).toBe("Meta Conversions API access token: set (changed 13 May 2026, 10:00 am by staff@forecourt.test)");
    expect(stateOf(container, "other")).toBe("Other secret: not set");
    expect(container.querySelector('form[data-secret="ga4ApiSecret"]')?.getAttribute("data-unreadable")).toBe("true");

    const input = screen.getByLabelText(/^GA4 Measurement Protocol API secret:/);
    expect(input.getAttribute("placeholder")).toBe("Paste the value the service issued");
    expect(input.getAttribute("type")).toBe("password");
    fireEvent.change(input, { target: { value: "ga4-secret-again" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Replace" })[0]);
    await screen.findByText("The GA4 Measurement Protocol API secret is saved.");
    expect(fetch).toHaveBeenCalledWith("/api/admin/tenants/alpha/secrets", expect.objectContaining({ method: "POST", body: JSON.stringify({ name: "ga4ApiSecret", value: "ga4-secret-again" }) }));
    await waitFor(() => expect(stateOf(container, "ga4ApiSecret")).toBe("GA4 Measurement Protocol API secret: set (changed just now)"));
    expect(container.querySelector('form[data-secret="ga4ApiSecret"]')?.getAttribute("data-unreadable")).toBe("false");
    expect((input as HTMLInputElement).value).toBe("");
  });
});
