// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UndoToast } from "./toast.client";

afterEach(cleanup);

// A keyboard user who reaches the deletion toast and uses it (Undo, × or Escape) is not dropped
// on the page's start: focus goes back to where it was before the toast.
describe("the deletion toast's focus", () => {
  function Page({ open }: { open: boolean }) {
    return (
      <>
        <button type="button">Delete Rich text</button>
        <UndoToast toast={open ? { text: "Block deleted", version: 1 } : null} onUndo={() => {}} onClose={() => {}} />
      </>
    );
  }

  it("returns to the element focus came from when the toast goes while focused", () => {
    const { rerender } = render(<Page open />);
    const before = screen.getByRole("button", { name: "Delete Rich text" });
    act(() => before.focus());
    act(() => screen.getByRole("button", { name: "Undo" }).focus());
    act(() => screen.getByRole("button", { name: "Dismiss" }).focus());
    expect(document.activeElement?.textContent).toBe("×");
    rerender(<Page open={false} />);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it("leaves focus alone when the toast goes while focus is elsewhere", () => {
    const { rerender } = render(<Page open />);
    const before = screen.getByRole("button", { name: "Delete Rich text" });
    act(() => screen.getByRole("button", { name: "Undo" }).focus());
    act(() => before.focus());
    act(() => screen.getByRole("button", { name: "Undo" }).blur());
    const other = document.createElement("input");
    document.body.append(other);
    act(() => other.focus());
    rerender(<Page open={false} />);
    expect(document.activeElement).toBe(other);
    other.remove();
  });
});
