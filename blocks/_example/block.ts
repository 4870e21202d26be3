/**
 * The copyable example block (README "Adding a block type"). A block type is one folder,
 * blocks/<type>/ (kebab-case), and `npm run generate`; nothing else is edited by hand. This folder is
 * checked like a block (the generator reads it, tsc compiles it, its test runs) but is in no schema
 * union nor registry, so no site can use it: copy it to make a real one.
 *
 * block.ts is the block's one definition: `export default defineBlock<"<type>">({ render, … })`
 * (blocks/_shared/define.ts, renderer/types.ts `BlockDefinition`). The generator reads it as text,
 * so its parts are plain literals:
 * - `belongs` (required): where the block fits, and the only places the editor's "Add a block"
 *   offers it (renderer/types.ts `BlockPlace`): "page" (an ordinary page such as About Us), a template
 *   page ("vehicle-detail", "search" …), "every-page", "layout-top" / "layout-bottom" (the site's
 *   header and footer areas), or one address ("/success").
 * - `lazy: { ExampleClient: "./example.client" }` (or `"../_shared/…"`): a client part ("use
 *   client") only some pages show, loaded as its own chunk. Import it from "../lazy.generated", and
 *   import its CSS module in the server file (or Next links a render-blocking stylesheet,
 *   tests/e2e/sites.spec.ts). Keep client parts small: a big all-markup part takes short props, not
 *   children.
 * - `templatePage` (what the block says about a page of its template: the search page's title and
 *   404), `printView` (the print page's view of a car) and `personal` (a visitor's own things: the
 *   page is not indexed); the renderer asks the registry for them and imports no block.
 */
import { defineBlock } from "../_shared/define";
import render from "./example";

export default defineBlock<"example">({
  render,
  belongs: ["page"],
});
