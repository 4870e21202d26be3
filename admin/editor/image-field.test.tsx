// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FieldProps } from "@rjsf/utils";
import { ImageField } from "./image-field.client";

// The image field's "Choose from library" dialog and the alt text the library proposes. The server is
// answered by a stubbed fetch (server/admin/media.test.ts tests the API; tests/e2e/admin-media.spec.ts both).

const LIBRARY = [
  { id: 7, src: "/media/uploads/alpha/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp", width: 600, height: 200, alt: "Alpha Motors logo" },
  { id: 8, src: "/media/uploads/alpha/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp", width: 300, height: 300, alt: "" },
];
let calls: { method: string; url: string }[];
let answer: () => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  answer = () => json(200, { media: LIBRARY });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? "GET", url });
      return answer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function field(formData: Record<string, unknown> = {}) {
  const onChange = vi.fn();
  const props = {
    formData, onChange, fieldPathId: { $id: "root_logo", path: ["logo"] }, errorSchema: {}, schema: { title: "Logo" }, uiSchema: {}, name: "logo",
    registry: { formContext: { slug: "alpha" } }, required: false, disabled: false, readonly: false,
  } as unknown as FieldProps;
  render(<ImageField {...props} />);
  return onChange;
}
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
const dialog = () => screen.getByRole("dialog", { hidden: true }) as HTMLDialogElement;

describe("ImageField: Choose from library", () => {
  it("opens a labelled dialog listing the site's pictures; choosing one fills the address, size and the library's alt text, and closes it", async () => {
    const onChange = field({ alt: "" });
    expect(dialog().open).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Choose from library for Logo" }));
    await flush();
    expect(dialog().open).toBe(true);
    expect(dialog().getAttribute("aria-labelledby")).toBe("root_logo_library_title");
    expect(document.getElementById("root_logo_library_title")?.textContent).toBe("Choose a picture from the library");
    expect(calls).toEqual([{ method: "GET", url: "/api/admin/tenants/alpha/media" }]);
    const choices = within(dialog()).getAllByRole("button", { hidden: true }).filter((b) => b.textContent?.endsWith(" px"));
    expect(choices.map((b) => b.textContent)).toEqual(["Alpha Motors logo, 600 × 200 px", "No alternative text, 300 × 300 px"]);
    fireEvent.click(choices[0]);
    expect(onChange).toHaveBeenLastCalledWith({ src: LIBRARY[0].src, width: 600, height: 200, alt: "Alpha Motors logo" }, ["logo"]);
    expect(dialog().open).toBe(false);
    expect(document.body.textContent).toContain("Chose a picture from the library (600 × 200 px). Its alternative text is proposed below; check it fits here.");
  });

  it("keeps the field's own alt text when the chosen picture has none in the library", async () => {
    const onChange = field({ src: "/old.webp", alt: "Our yard at dusk", width: 10, height: 10 });
    fireEvent.click(screen.getByRole("button", { name: "Choose from library for Logo" }));
    await flush();
    const none = within(dialog()).getByRole("button", { name: "No alternative text, 300 × 300 px", hidden: true });
    fireEvent.click(none);
    expect(onChange).toHaveBeenLastCalledWith({ src: LIBRARY[1].src, width: 300, height: 300, alt: "Our yard at dusk" }, ["logo"]);
  });

  it("says so when the library is empty or cannot be loaded, and Close shuts the dialog", async () => {
    answer = () => json(200, { media: [] });
    field();
    fireEvent.click(screen.getByRole("button", { name: "Choose from library for Logo" }));
    await flush();
    expect(dialog().textContent).toContain("The library is empty. Close this and use “Or upload a picture”, or add pictures on the Picture library page.");
    fireEvent.click(within(dialog()).getByRole("button", { name: "Close", hidden: true }));
    expect(dialog().open).toBe(false);

    answer = () => json(403, { message: "You do not have access to this site." });
    fireEvent.click(screen.getByRole("button", { name: "Choose from library for Logo" }));
    await flush();
    expect(dialog().textContent).toContain("You do not have access to this site.");
  });

  it("proposes the library's alt text after uploading a picture the library already has", async () => {
    answer = () => json(201, { ...LIBRARY[0], bytes: 1234 });
    const onChange = field();
    const input = screen.getByLabelText(/Or upload a picture/) as HTMLInputElement;
    const file = new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [file] } });
    await flush();
    expect(calls).toEqual([{ method: "POST", url: "/api/admin/tenants/alpha/uploads" }]);
    expect(onChange).toHaveBeenLastCalledWith({ src: LIBRARY[0].src, width: 600, height: 200, alt: "Alpha Motors logo" }, ["logo"]);
    expect(document.body.textContent).toContain("Uploaded logo.png (600 × 200 px). Its alternative text from the library is proposed below; check it fits here.");
  });
});
