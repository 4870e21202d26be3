/**
 * Optional (delete it when the schema says enough): how the admin's editor shows the block beyond
 * its schema; only the admin reads it (admin/editor/blocks.generated.ts). Keys are a field's place in
 * the block's props. `ui`: RJSF ui-schema entries, e.g. `{ location: { "ui:widget": "location" } }`
 * (a location picked by name). `generated`: ids the editor makes itself, hidden, e.g.
 * `{ "slides.items.id": { from: "name", prefix: "slide" } }`.
 */
import { defineEditor } from "../_shared/define";

export default defineEditor({
  ui: { "points.items.text": { "ui:placeholder": "e.g. Every car checked by our workshop" } },
});
