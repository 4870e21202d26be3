// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import type { Editor } from "@tiptap/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RichTextEditor from "./rich-text-editor.client";
import { Toolbar } from "./toolbar";
import { useDraft, type Doc } from "./use-draft";

// Issue 33: in the Tasman walk, Save right after typing in a rich text was still disabled, or saved the
// draft without the last words. Typed text reaches the rich-text editor from the page (ProseMirror reads
// it back from the DOM), not through a React event, so the draft took it in a later task, and the browser
// handles a click before that. Here the text changes the same way (an editor command outside any React
// event) and Save is clicked at once, before anything else runs.

const PLACEHOLDER = "<p>[Placeholder] Tell visitors about the business.</p>";
let sent: { document: Doc; revision: number }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ revision: 3, errors: [] }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness() {
  const draft = useDraft("tasman-ute-centre", { document: { about: PLACEHOLDER }, revision: 2, errors: [] }, () => {});
  const undo = { canUndo: false, canRedo: false, undo: () => {}, redo: () => {}, announcement: "" };
  return (
    <>
      <Toolbar
        status={draft.status} revision={draft.revision} autosave={draft.autosave} onAutosave={draft.setAutosave}
        canSave={draft.dirty && draft.status.kind !== "saving"} onSave={() => void draft.save()} publishing={false} onPublish={() => {}} undo={undo}
      />
      <RichTextEditor
        id="about" label="Text" value={draft.doc.about as string} context={{ slug: "tasman-ute-centre" }}
        onChange={(html) => draft.setDoc((d) => ({ ...d, about: html }))}
      />
    </>
  );
}

describe("Save right after typing in a rich text", () => {
  it("is enabled at once and saves every word on screen", async () => {
    render(<Harness />);
    act(() => screen.getByRole("checkbox", { name: "Autosave" }).click());
    const box = await screen.findByRole("textbox", { name: "Text" });
    await waitFor(() => expect((box as unknown as { editor?: Editor }).editor).toBeTruthy());
    const editor = (box as unknown as { editor: Editor }).editor;
    const save = screen.getByRole("button", { name: "Save draft" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // The first words typed, and the click at once: Save is not dead.
    editor.commands.setContent("<p>Tasman Ute Centre has sold utes in Hobart since 1994.</p>", { emitUpdate: true });
    expect(save.disabled).toBe(false);
    save.click();
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/^Draft saved at .+\. Revision 3\.$/));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({ revision: 2, document: { about: "<p>Tasman Ute Centre has sold utes in Hobart since 1994.</p>" } });

    // More words, and the click at once: the save holds them, not the text before them.
    editor.commands.insertContent(" Ask for Jill or Sam.");
    expect(save.disabled).toBe(false);
    save.click();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].document.about).toBe("<p>Tasman Ute Centre has sold utes in Hobart since 1994. Ask for Jill or Sam.</p>");
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/^Draft saved at .+\. Revision 3\.$/));
    expect(save.disabled).toBe(true);
  });
});
