// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { useState } from "react";
import { act, cleanup, render, renderHook, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyHistory, isTextEntry, LIMIT, PAUSE_MS, record, redo, undo, undoKey } from "./undo";
import { useUndo } from "./use-undo";
import { TOAST_MS, UndoToast } from "./toast.client";
import type { Doc } from "./use-draft";

// The editor session's undo: the history itself, the hook over the draft (keys, typing that
// coalesces, the field's own undo), and the deletion toast's Undo.

const harbourline: Doc = JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
afterEach(cleanup);

describe("the undo history", () => {
  it("coalesces typing in one field until a pause or another field; a new edit clears redo; keeps the last 100 steps", () => {
    let h = emptyHistory<string>();
    h = record(h, "", "name", 0);
    h = record(h, "H", "name", 400);
    h = record(h, "Ha", "name", 400 + PAUSE_MS - 1);
    expect(h.past).toEqual([""]);
    // A pause makes a new step, and so does another field or a button.
    h = record(h, "Har", "name", 400 + 2 * PAUSE_MS);
    h = record(h, "Harb", "phone", 400 + 2 * PAUSE_MS + 10);
    h = record(h, "Harb1", null, 400 + 2 * PAUSE_MS + 20);
    h = record(h, "Harb2", null, 400 + 2 * PAUSE_MS + 30);
    expect(h.past).toEqual(["", "Har", "Harb", "Harb1", "Harb2"]);

    const back = undo(h, "Harb3")!;
    expect(back.doc).toBe("Harb2");
    expect(back.history.future).toEqual(["Harb3"]);
    const again = undo(back.history, back.doc)!;
    expect(again.doc).toBe("Harb1");
    const fwd = redo(again.history, again.doc)!;
    expect(fwd.doc).toBe("Harb2");
    expect(fwd.history.future).toEqual(["Harb3"]);
    // A new edit after an undo: nothing left to redo.
    expect(record(fwd.history, "Harb2", null, 9e9).future).toEqual([]);
    expect(undo(emptyHistory<string>(), "x")).toBeNull();
    expect(redo(h, "x")).toBeNull();

    let long = emptyHistory<number>();
    for (let i = 0; i < LIMIT + 20; i++) long = record(long, i, null, i);
    expect(long.past).toHaveLength(100);
    expect(long.past[0]).toBe(20);
  });

  it("reads Ctrl/⌘+Z as undo, Ctrl/⌘+Shift+Z and Ctrl+Y as redo; text fields undo themselves", () => {
    const k = (key: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>>) => undoKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(k("z", { ctrlKey: true })).toBe("undo");
    expect(k("z", { metaKey: true })).toBe("undo");
    expect(k("Z", { ctrlKey: true, shiftKey: true })).toBe("redo");
    expect(k("Z", { metaKey: true, shiftKey: true })).toBe("redo");
    expect(k("y", { ctrlKey: true })).toBe("redo");
    expect(k("z", {})).toBeNull();
    expect(k("z", { ctrlKey: true, altKey: true })).toBeNull();
    expect(k("s", { ctrlKey: true })).toBeNull();
    const el = (html: string) => {
      document.body.innerHTML = html;
      return document.body.firstElementChild;
    };
    expect(isTextEntry(el('<input type="text">'))).toBe(true);
    expect(isTextEntry(el("<input>"))).toBe(true);
    expect(isTextEntry(el("<textarea></textarea>"))).toBe(true);
    expect(isTextEntry(el('<input type="checkbox">'))).toBe(false);
    expect(isTextEntry(el("<select></select>"))).toBe(false);
    expect(isTextEntry(el("<button></button>"))).toBe(false);
  });
});

describe("useUndo over the draft", () => {
  let clock: number;
  beforeEach(() => {
    clock = 1_000;
    document.body.innerHTML = '<input id="fc-identity_identity_name"><button id="delete">Delete</button>';
  });

  function open() {
    const applied: [string, string][] = [];
    const hook = renderHook(() => {
      const [doc, setDoc] = useState<Doc>(harbourline);
      const undo = useUndo(doc, setDoc, (pointer, _doc, which) => applied.push([which, pointer]), () => clock);
      return { doc, setDoc, undo };
    });
    return { ...hook, applied };
  }
  const nameOf = (d: Doc) => (d.identity as { name: string }).name;
  const type = (result: { current: { setDoc: (f: (d: Doc) => Doc) => void } }, name: string, ms = 200) => {
    clock += ms;
    act(() => result.current.setDoc((d) => ({ ...d, identity: { ...(d.identity as Doc), name } })));
  };
  const key = (init: KeyboardEventInit, target: Element = document.body) => act(() => void target.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init })));

  it("typing in one field is one step; Ctrl+Z outside a text field undoes it and Ctrl+Shift+Z redoes it, saying where", () => {
    const { result, applied } = open();
    expect(result.current.undo.canUndo).toBe(false);
    document.getElementById("fc-identity_identity_name")!.focus();
    type(result, "H");
    type(result, "Ha");
    type(result, "Hax");
    // A change of key order only is no step.
    act(() => result.current.setDoc((d) => Object.fromEntries(Object.entries(d).reverse())));
    expect(result.current.undo.canUndo).toBe(true);

    // Inside the text field, Ctrl+Z is the field's own.
    const input = document.getElementById("fc-identity_identity_name")!;
    key({ key: "z", ctrlKey: true }, input);
    expect(nameOf(result.current.doc)).toBe("Hax");

    document.getElementById("delete")!.focus();
    key({ key: "z", ctrlKey: true });
    expect(nameOf(result.current.doc)).toBe(nameOf(harbourline));
    expect(result.current.doc).toEqual(harbourline);
    expect(result.current.undo.canUndo).toBe(false);
    expect(result.current.undo.canRedo).toBe(true);
    expect(applied).toEqual([["undo", "/identity/name"]]);

    key({ key: "Z", ctrlKey: true, shiftKey: true });
    expect(nameOf(result.current.doc)).toBe("Hax");
    key({ key: "z", metaKey: true });
    key({ key: "y", ctrlKey: true });
    expect(nameOf(result.current.doc)).toBe("Hax");
    expect(applied.map(([w]) => w)).toEqual(["undo", "redo", "undo", "redo"]);
  });

  it("a pause or another field starts a new step; an edit after undo clears redo; a checkpoint keeps a deletion apart", () => {
    const { result } = open();
    document.getElementById("fc-identity_identity_name")!.focus();
    type(result, "A");
    type(result, "AB", PAUSE_MS + 1);
    act(() => result.current.undo.undo());
    expect(nameOf(result.current.doc)).toBe("A");
    expect(result.current.undo.canRedo).toBe(true);
    type(result, "AC");
    expect(result.current.undo.canRedo).toBe(false);

    // A deletion right after typing, while the text field still has focus (Safari keeps it there).
    act(() => result.current.undo.checkpoint());
    act(() => result.current.setDoc((d) => ({ ...d, pages: (d.pages as Doc[]).slice(1) })));
    type(result, "ACD");
    act(() => result.current.undo.undo());
    expect(nameOf(result.current.doc)).toBe("AC");
    expect(result.current.doc.pages).toHaveLength((harbourline.pages as Doc[]).length - 1);
    act(() => result.current.undo.undo());
    expect(result.current.doc.pages).toEqual(harbourline.pages);
  });

  it("keeps at most 100 steps", () => {
    const { result } = open();
    document.getElementById("delete")!.focus();
    for (let i = 0; i < 105; i++) type(result, `n${i}`);
    for (let i = 0; i < 110; i++) act(() => result.current.undo.undo());
    expect(nameOf(result.current.doc)).toBe("n4");
    expect(result.current.undo.canUndo).toBe(false);
  });
});

describe("the deletion toast", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("says what was deleted in a status region, its Undo button undoes, and it goes after 10 s unless focused", () => {
    const onUndo = vi.fn();
    const onClose = vi.fn();
    const { rerender } = render(<UndoToast toast={{ text: "Block deleted", version: 3 }} onUndo={onUndo} onClose={onClose} />);
    expect(screen.getByRole("status").textContent).toBe("Block deleted·Undo×");
    act(() => screen.getByRole("button", { name: "Undo" }).click());
    expect(onUndo).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(TOAST_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);

    // Focus on the toast holds it; Escape closes it.
    rerender(<UndoToast toast={{ text: "Page deleted", version: 4 }} onUndo={onUndo} onClose={onClose} />);
    act(() => screen.getByRole("button", { name: "Undo" }).focus());
    act(() => void vi.advanceTimersByTime(TOAST_MS * 3));
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => void screen.getByRole("button", { name: "Undo" }).dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    expect(onClose).toHaveBeenCalledTimes(2);
    rerender(<UndoToast toast={null} onUndo={onUndo} onClose={onClose} />);
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
