import { defineEditor } from "../_shared/define";

// The make is chosen from the site's franchises and stock (its name is stored).
export default defineEditor({
  ui: { make: { "ui:widget": "make", "ui:options": { emptyLabel: "None (the car's make, if any)" } } },
});
