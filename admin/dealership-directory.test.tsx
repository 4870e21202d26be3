// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DealershipDirectory, type DirectoryRow } from "./dealership-directory.client";

// A new feed key is shown where the person clicked: under the row of its dealership, focused, not at
// the top of a long table.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows: DirectoryRow[] = Array.from({ length: 30 }, (_, i) => ({
  id: 101 + i, name: `Dealership number ${101 + i}`, tenant: null, stock: 0, vehicles: 0, lastFeedAt: null, keys: [],
}));

describe("the dealership directory's feed keys", () => {
  it("shows a new key under the row whose button made it, focused; Done hides it and goes back to the button", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 7, label: "Nightly", prefix: "fk_ab12", createdAt: "2026-11-29T10:00:00Z", key: "fk_ab12-secret-value" }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<DealershipDirectory initial={rows} sites={[]} />);
    fireEvent.change(screen.getByLabelText("Label of a new feed key for Dealership number 125"), { target: { value: "Nightly" } });
    fireEvent.click(screen.getByRole("button", { name: "New feed key for Dealership number 125" }));
    const panel = await screen.findByRole("region", { name: "New feed key for Dealership number 125 (dealership 125): Nightly" });
    expect(fetch).toHaveBeenCalledWith("/api/admin/dealerships/125/keys", expect.objectContaining({ method: "POST", body: JSON.stringify({ label: "Nightly" }) }));
    expect(within(panel).getByText("fk_ab12-secret-value")).toBeTruthy();
    // The row right after dealership 125's, not above the table.
    const shownIn = panel.closest("tr")!;
    expect(shownIn.previousElementSibling?.getAttribute("data-id")).toBe("125");
    expect(container.querySelectorAll("[role=region][aria-labelledby=new-key-title]")).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(panel));
    // The new key is listed in its row too.
    expect(within(container.querySelector<HTMLElement>('tr[data-id="125"]')!).getByText("fk_ab12…")).toBeTruthy();

    fireEvent.click(within(panel).getByRole("button", { name: "Done, hide it" }));
    expect(screen.queryByText("fk_ab12-secret-value")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "New feed key for Dealership number 125" }));
  });
});
