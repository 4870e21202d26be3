import { defineEditor } from "../_shared/define";

// Locations are picked from the draft's locations by name (their slugs are stored).
export default defineEditor({
  ui: {
    slugs: { "ui:widget": "locations", "ui:options": { label: false } },
    "order.items": { "ui:widget": "location" },
    type: { "ui:options": { emptyLabel: "Any (sales, service or parts)" } },
  },
});
