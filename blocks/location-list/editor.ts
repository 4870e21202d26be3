import { defineEditor } from "../_shared/define";

// What the empty choice of the department means.
export default defineEditor({
  ui: { department: { "ui:options": { emptyLabel: "Any (sales, service or parts)" } } },
});
