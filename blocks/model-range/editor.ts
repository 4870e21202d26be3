import { defineEditor } from "../_shared/define";

// The make is chosen from the site's franchises and stock (its name is stored).
export default defineEditor({
  ui: { make: { "ui:widget": "make", "ui:options": { emptyLabel: "Every make (on a brand page: that brand)" } } },
});
