/**
 * `next/headers` in the browser's scripts (next.config.ts, turbopack.resolveAlias). The search
 * blocks' react-instantsearch-nextjs imports it for the server render only (its `useNextHeaders`
 * calls `headers()` only when there is no `window`), and the real module brings Next's request
 * store, cookie and cache code with it: about 50 KB of the search page's script that never runs.
 * No browser code may call these (a client component cannot read request headers).
 */
const serverOnly = (name: string): never => {
  throw new Error(`next/headers ${name}() is only for the server`);
};

export const headers = () => serverOnly("headers");
export const cookies = () => serverOnly("cookies");
export const draftMode = () => serverOnly("draftMode");
