"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Link from "@tiptap/extension-link";
import { LinkPicker } from "./link-picker.client";
import type { LinkContext } from "./links";
import styles from "../admin.module.css";

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  context: LinkContext;
  disabled?: boolean;
  describedBy?: string;
}

/** The schemes the site's sanitiser keeps in a link (blocks/rich-text/sanitize.ts), and paths and anchors. */
const ALLOWED_LINK = /^(\/|#|https?:\/\/|mailto:|tel:)/i;

// Only what the site's sanitiser keeps: headings (h2–h4), paragraphs, lists, bold, italic, links,
// quotes, rules and line breaks. No code, strike-through or underline.
const extensions = [
  StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false, strike: false, underline: false, link: false }),
  Link.configure({
    openOnClick: false,
    autolink: false,
    linkOnPaste: true,
    // The site decides rel and target (a new tab only when asked for), as the sanitiser does.
    HTMLAttributes: { rel: null, target: null },
    isAllowedUri: (url) => ALLOWED_LINK.test(url),
  }),
];

type Tool = { name: string; label: string; shortcut?: string; active: (e: Editor) => boolean; run: (e: Editor) => void };
const TOOLS: Tool[] = [
  { name: "h2", label: "Heading", active: (e) => e.isActive("heading", { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { name: "h3", label: "Subheading", active: (e) => e.isActive("heading", { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { name: "bold", label: "Bold", shortcut: "Control+B", active: (e) => e.isActive("bold"), run: (e) => e.chain().focus().toggleBold().run() },
  { name: "italic", label: "Italic", shortcut: "Control+I", active: (e) => e.isActive("italic"), run: (e) => e.chain().focus().toggleItalic().run() },
  { name: "bullets", label: "Bulleted list", active: (e) => e.isActive("bulletList"), run: (e) => e.chain().focus().toggleBulletList().run() },
  { name: "numbers", label: "Numbered list", active: (e) => e.isActive("orderedList"), run: (e) => e.chain().focus().toggleOrderedList().run() },
];

/** The editor's HTML as stored: "" for an empty text. */
export const editorHtml = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

/**
 * Formatted text without HTML: a toolbar (a WAI-ARIA toolbar: Tab reaches it once, the arrow keys
 * move between its buttons) for headings, bold, italic, lists and links, over the text itself.
 * A link is chosen with the link picker. The HTML it writes is what the site's sanitiser keeps.
 */
export default function RichTextEditor({ id, label, value, onChange, context, disabled, describedBy }: RichTextEditorProps) {
  const emitted = useRef(value);
  const [linking, setLinking] = useState<string | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    immediatelyRender: false,
    editorProps: {
      attributes: { id, role: "textbox", "aria-multiline": "true", "aria-label": label, ...(describedBy ? { "aria-describedby": describedBy } : {}) },
    },
    onUpdate: ({ editor }) => {
      const html = editorHtml(editor);
      if (html === emitted.current) return;
      emitted.current = html;
      // Typed text reaches the editor from the page itself (ProseMirror reads it back from the DOM), not
      // through a React event, so React would draw the change in a later task, and the browser handles a
      // click before that: Save right after typing was still disabled, or saved the draft without the last
      // words. Drawn now, the draft holds every change on screen before any other event is handled.
      flushSync(() => onChange(html));
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor }) => (editor ? { active: TOOLS.map((t) => t.active(editor)), link: editor.isActive("link"), href: (editor.getAttributes("link").href as string | undefined) ?? "" } : null),
  });

  // A value changed from outside (a draft taken from someone else, an undo) replaces the text.
  useEffect(() => {
    if (editor && value !== emitted.current) {
      emitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  useEffect(() => {
    // Without an update event: the text did not change.
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  const count = TOOLS.length + 1;
  const onToolbarKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: count - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = (moves[e.key] + count) % count;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };
  const applyLink = () => {
    if (!editor || linking === null) return;
    const chain = editor.chain().focus().extendMarkRange("link");
    if (linking) chain.setLink({ href: linking }).run();
    else chain.unsetLink().run();
    setLinking(null);
  };

  return (
    <div className={styles.richText}>
      <div role="toolbar" aria-label={`${label}: formatting`} aria-controls={id} className={styles.richToolbar} onKeyDown={onToolbarKey}>
        {TOOLS.map((t, i) => (
          <button
            key={t.name} type="button" ref={(el) => void (buttons.current[i] = el)} tabIndex={focusIndex === i ? 0 : -1}
            aria-pressed={state?.active[i] ?? false} aria-keyshortcuts={t.shortcut} disabled={!editor || disabled}
            onFocus={() => setFocusIndex(i)} onClick={() => editor && t.run(editor)}
          >
            {t.label}
          </button>
        ))}
        <button
          type="button" ref={(el) => void (buttons.current[TOOLS.length] = el)} tabIndex={focusIndex === TOOLS.length ? 0 : -1}
          aria-pressed={state?.link ?? false} aria-expanded={linking !== null} disabled={!editor || disabled}
          onFocus={() => setFocusIndex(TOOLS.length)} onClick={() => setLinking(linking === null ? (state?.href ?? "") : null)}
        >
          Link
        </button>
      </div>
      {linking !== null ? (
        // Escape in the link's panel is its Cancel: the panel closes and the text keeps the focus.
        <div
          className={styles.richLink} role="group" aria-label="Link"
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            e.preventDefault();
            e.stopPropagation();
            setLinking(null);
            editor?.commands.focus();
          }}
        >
          <label htmlFor={`${id}-link`}>The selected text links to</label>
          <LinkPicker id={`${id}-link`} value={linking} onChange={setLinking} context={context} />
          <div className={styles.actions}>
            <button type="button" className={styles.buttonSecondary} onClick={applyLink} disabled={!linking}>
              Apply link
            </button>
            {state?.link ? (
              <button type="button" className={styles.buttonSecondary} onClick={() => (editor?.chain().focus().extendMarkRange("link").unsetLink().run(), setLinking(null))}>
                Remove link
              </button>
            ) : null}
            <button type="button" className={styles.buttonSecondary} onClick={() => (setLinking(null), editor?.commands.focus())}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <EditorContent editor={editor} className={styles.richArea} />
    </div>
  );
}
