import { defineEditor } from "../_shared/define";

// The location is picked from the draft's locations by name (its slug is stored).
export default defineEditor({
  ui: { location: { "ui:widget": "location", "ui:options": { emptyLabel: "The page's location (or the main one)" } } },
});
