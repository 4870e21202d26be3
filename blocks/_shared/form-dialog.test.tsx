// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FormDialog } from "./form-dialog.client";

afterEach(cleanup);

describe("FormDialog", () => {
  it("opens as a modal named by its title with focus on the first field; Close returns focus to the opener", async () => {
    const user = userEvent.setup();
    render(
      <FormDialog id="d" title="Book a Test Drive" subtitle="2021 Toyota Corolla" buttonClassName="fc-button" button="Book a Test Drive">
        <form>
          <input aria-hidden="true" tabIndex={-1} name="website" />
          <label htmlFor="n">First Name</label>
          <input id="n" />
        </form>
      </FormDialog>,
    );
    const opener = screen.getByRole("button", { name: "Book a Test Drive" });
    expect(opener.getAttribute("aria-haspopup")).toBe("dialog");
    const dialog = document.getElementById("d") as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    expect(dialog.getAttribute("aria-labelledby")).toBe("d-title");
    expect(document.getElementById("d-title")!.textContent).toBe("Book a Test Drive");
    await user.click(opener);
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText("First Name"));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it("opens when the address names it (a result card's Quick Enquiry: /cars/{slug}#enquire), and not otherwise", async () => {
    const form = (
      <form>
        <label htmlFor="e">First Name</label>
        <input id="e" />
      </form>
    );
    window.location.hash = "#other";
    render(<FormDialog id="enquire" title="Enquire Now" button="Enquire Now">{form}</FormDialog>);
    const dialog = document.getElementById("enquire") as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    // Hydrated: it no longer shows in place as the address's target.
    expect(dialog.hasAttribute("data-ready")).toBe(true);
    cleanup();
    window.location.hash = "#enquire";
    render(<FormDialog id="enquire" title="Enquire Now" button="Enquire Now">{form}</FormDialog>);
    const named = document.getElementById("enquire") as HTMLDialogElement;
    expect(named.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText("First Name"));
    window.location.hash = "";
  });
});
