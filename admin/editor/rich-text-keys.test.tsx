// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Editor } from "@tiptap/react";
import { afterEach, describe, expect, it } from "vitest";
import type { LinkContext } from "./links";
import RichTextEditor from "./rich-text-editor.client";

afterEach(cleanup);
const context: LinkContext = { slug: "harbourline", doc: JSON.parse(readFileSync("tenants/harbourline.json", "utf8")) };

// The rich text's link panel by keyboard: Escape closes it like Cancel, the text keeps the focus, nothing changes.
describe("the rich-text link panel", () => {
  it("closes on Escape and puts the focus back in the text, leaving it unchanged", async () => {
    const values: string[] = [];
    render(<RichTextEditor id="about" label="Text" value="<p>Visit our finance team</p>" context={context} onChange={(v) => values.push(v)} />);
    const box = await screen.findByRole("textbox", { name: "Text" });
    await waitFor(() => expect((box as unknown as { editor?: Editor }).editor).toBeTruthy());
    const link = within(screen.getByRole("toolbar", { name: "Text: formatting" })).getByRole("button", { name: "Link" });
    fireEvent.click(link);
    expect(link.getAttribute("aria-expanded")).toBe("true");
    const page = screen.getByLabelText("The selected text links to");
    page.focus();
    fireEvent.keyDown(page, { key: "Escape" });
    expect(screen.queryByRole("group", { name: "Link" })).toBeNull();
    expect(link.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(box.contains(document.activeElement) || document.activeElement === box).toBe(true));
    expect(values.filter((v) => v !== "<p>Visit our finance team</p>")).toEqual([]);
  });
});
