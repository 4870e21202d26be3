/**
 * Scripts are server code: `--import ./scripts/server-only.mjs` (package.json, and every place that
 * starts a script) lets a Node process import the modules marked `import "server-only"` (server/db,
 * server/search/algolia.ts). The marker package throws unless resolved under the "react-server"
 * condition, as Next resolves it for server code; this gives that condition to that one package
 * only, so React and everything else resolve as before.
 */
import { register } from "node:module";

const hooks = `export function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
