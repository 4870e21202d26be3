import { defineEditor } from "../_shared/define";

export default defineEditor({
  generated: { "slides.items.id": { from: "name", prefix: "slide" } },
});
