// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDraft, type Doc } from "./use-draft";

// The draft's save cycle as the editor drives it: autosave after the pause, the version check's
// conflict, a refusal, a failure. The server is answered by a stubbed fetch (tests/e2e/admin.spec.ts
// drives the real API).

const harbourline: Doc = JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
type Call = { method: string; url: string; body: any };
let calls: Call[];
let answers: (() => Response)[];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  answers = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : null });
      const next = answers.shift();
      if (!next) throw new TypeError("Failed to fetch");
      return next();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open() {
  const onSaved = vi.fn();
  const hook = renderHook(() => useDraft("harbourline", { document: harbourline, revision: 3, errors: [] }, onSaved));
  return { ...hook, onSaved };
}
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const edit = (result: { current: ReturnType<typeof useDraft> }, change: Doc) => act(() => result.current.setDoc((d) => ({ ...d, ...change })));

describe("useDraft", () => {
  it("an edit undone before the autosave is back to All changes saved, with nothing sent", async () => {
    const { result } = open();
    const template = harbourline.template;
    await edit(result, { template: "classic" });
    expect(result.current.status).toEqual({ kind: "dirty", text: "Unsaved changes (saving shortly)." });
    await edit(result, { template });
    expect(result.current.dirty).toBe(false);
    expect(result.current.status).toEqual({ kind: "saved", text: "All changes saved." });
    await wait(5000);
    expect(calls).toEqual([]);
  });

  it("saves an edit 2.5 s after typing pauses, with the revision it was based on, then reloads the preview", async () => {
    const { result, onSaved } = open();
    expect(result.current.status).toEqual({ kind: "saved", text: "All changes saved." });
    // Key order alone is no change.
    await edit(result, { pages: harbourline.pages });
    expect(result.current.dirty).toBe(false);
    await edit(result, { template: "classic" });
    expect(result.current.dirty).toBe(true);
    expect(result.current.status).toEqual({ kind: "dirty", text: "Unsaved changes (saving shortly)." });
    await wait(2499);
    expect(calls).toEqual([]);
    answers.push(() => json(200, { revision: 4, errors: [] }));
    await wait(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/admin/tenants/harbourline/draft", body: { revision: 3, document: { template: "classic" } } });
    expect(result.current.revision).toBe(4);
    expect(result.current.dirty).toBe(false);
    expect(result.current.status.kind).toBe("saved");
    expect(result.current.status.text).toMatch(/^Draft saved at .+\.$/);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("does not autosave when autosave is off; Ctrl+S saves at once", async () => {
    const { result } = open();
    await act(() => result.current.setAutosave(false));
    await edit(result, { template: "classic" });
    expect(result.current.status.text).toBe("Unsaved changes.");
    await wait(5000);
    expect(calls).toEqual([]);
    answers.push(() => json(200, { revision: 4, errors: [] }));
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "s", ctrlKey: true }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toHaveLength(1);
    expect(result.current.revision).toBe(4);
  });

  it("a conflict (409) shows who saved when, stops autosave, and Take theirs loads their draft", async () => {
    const { result, onSaved } = open();
    const theirs = { ...harbourline, template: "minimal" };
    answers.push(
      () => json(409, { message: "stale" }),
      () => json(200, { document: theirs, revision: 7, updatedBy: "sam@harbourline.example", updatedAt: "2026-01-02T03:04:05.000Z" }),
    );
    await edit(result, { template: "classic" });
    await wait(2500);
    expect(calls.map((c) => c.method)).toEqual(["POST", "GET"]);
    expect(result.current.status).toEqual({ kind: "conflict", text: "Not saved: someone else changed this draft. Your edits are kept below." });
    expect(result.current.conflict).toMatchObject({ revision: 7, updatedBy: "sam@harbourline.example", theirs });
    expect(result.current.conflict!.message).toMatch(/^The draft was changed by sam@harbourline\.example on .+, after you opened it\.$/);
    // Further edits are not autosaved over theirs.
    await edit(result, { template: "minimal" });
    expect(result.current.dirty).toBe(true);
    await wait(5000);
    expect(calls).toHaveLength(2);
    let took = false;
    await act(() => {
      took = result.current.takeTheirs();
    });
    expect(took).toBe(true);
    expect(result.current.doc).toEqual(theirs);
    expect(result.current.revision).toBe(7);
    expect(result.current.dirty).toBe(false);
    expect(result.current.conflict).toBeNull();
    expect(result.current.status.text).toBe("Loaded the draft as sam@harbourline.example saved it.");
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("a refusal (422) keeps the server's error while its value is unchanged and is not sent again until the draft changes", async () => {
    const { result } = open();
    const refusal = { pointer: "/dealerships/0", message: "Dealership 999 is not assigned to this site; ask Forecourt staff to assign it." };
    answers.push(() => json(422, { message: "The draft was not saved.", errors: [refusal] }));
    await edit(result, { template: "classic" });
    await wait(2500);
    expect(result.current.status).toEqual({ kind: "error", text: "The draft was not saved. Your edits are still here." });
    expect(result.current.errors).toContainEqual(refusal);
    await wait(5000);
    expect(calls).toHaveLength(1);
    // Another field changes: the error stays, and the changed draft is sent.
    answers.push(() => json(422, { message: "The draft was not saved.", errors: [refusal] }));
    await edit(result, { template: "minimal" });
    expect(result.current.errors).toContainEqual(refusal);
    await wait(2500);
    expect(calls).toHaveLength(2);
    // The refused value changes: its error goes.
    await edit(result, { dealerships: (harbourline.dealerships as unknown[]).slice(1) });
    expect(result.current.errors).not.toContainEqual(refusal);
  });

  it("a refused save's message goes once its draft is undone (or changed): the status tells the draft as it is now", async () => {
    const { result } = open();
    const template = harbourline.template;
    answers.push(() => json(422, { message: "The draft was not saved: Dealership 301 belongs to another site.", errors: [] }));
    await edit(result, { template: "classic" });
    await wait(2500);
    expect(result.current.status).toEqual({ kind: "error", text: "The draft was not saved: Dealership 301 belongs to another site. Your edits are still here." });
    // Undone: back to the saved draft, nothing to save and nothing refused.
    await edit(result, { template });
    expect(result.current.status).toEqual({ kind: "saved", text: "All changes saved." });
    // Refused again, then changed to another draft: waiting to be saved, not refused.
    answers.push(() => json(422, { message: "The draft was not saved: Dealership 301 belongs to another site.", errors: [] }));
    await edit(result, { template: "classic" });
    await wait(2500);
    expect(result.current.status.kind).toBe("error");
    await edit(result, { template: "minimal" });
    expect(result.current.status).toEqual({ kind: "dirty", text: "Unsaved changes (saving shortly)." });
    expect(calls).toHaveLength(2);
  });

  it("an unreachable server or another status leaves the edits with a message", async () => {
    const { result } = open();
    await edit(result, { template: "classic" });
    await wait(2500);
    expect(result.current.status).toEqual({ kind: "error", text: "Could not reach the server. Your edits are still here; try again." });
    expect(result.current.dirty).toBe(true);
    answers.push(() => new Response("<html>bad gateway</html>", { status: 502 }));
    await act(async () => {
      expect(await result.current.save()).toBeNull();
    });
    expect(result.current.status).toEqual({ kind: "error", text: "The server answered 502. Your edits are still here; try again." });
  });

  it("an autosave due while a slow save is in flight waits for it and sends the revision that save answered", async () => {
    const { result } = open();
    let release!: () => void;
    answers.push(() => json(200, { revision: 4, errors: [] }));
    const held = new Promise<void>((r) => (release = r));
    const stub = vi.mocked(fetch);
    const answer = stub.getMockImplementation()!;
    stub.mockImplementationOnce(async (url, init) => {
      const res = await answer(url, init);
      await held;
      return res;
    });
    await edit(result, { template: "classic" });
    let first!: Promise<number | null>;
    await act(async () => {
      first = result.current.save();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toHaveLength(1);
    expect(result.current.status.kind).toBe("saving");
    // Typed on while the save is held: the autosave falls due but is not sent yet.
    await edit(result, { template: "minimal" });
    await wait(5000);
    expect(calls).toHaveLength(1);
    answers.push(() => json(200, { revision: 5, errors: [] }));
    await act(async () => {
      release();
      await first;
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toMatchObject({ revision: 4, document: { template: "minimal" } });
    expect(result.current.revision).toBe(5);
    expect(result.current.dirty).toBe(false);
    expect(result.current.conflict).toBeNull();
    expect(result.current.status.kind).toBe("saved");
  });
});
