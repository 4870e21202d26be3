/**
 * A page's <title>: the page's own title (its title field, the home page's too) then the site's
 * name, "About Us | Bluegum Pre-Owned". A title that already names the site ("Bluegum Pre-Owned |
 * Quality Used Cars in Perth", "About Us | Bluegum Pre-Owned", "Welcome to Bluegum Pre-Owned") is
 * used as it is, so the name never shows twice; an empty one gives the name alone. Pure: the
 * renderer's metadata and the browser tests share it.
 */
export function documentTitle(title: string, siteName: string): string {
  const own = title.trim().replace(/\s+/g, " ");
  const name = siteName.trim().replace(/\s+/g, " ");
  if (!own) return name;
  if (!name || namesSite(own, name)) return own;
  return `${own} | ${name}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `title` has the site's name as words of its own (any case; not "Harbourlines"). */
const namesSite = (title: string, name: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(name)}($|[^\\p{L}\\p{N}])`, "iu").test(title);
