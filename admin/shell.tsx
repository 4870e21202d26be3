import type { ReactNode } from "react";
import type { AdminUser } from "../server/admin/accounts";
import styles from "./admin.module.css";

/** The admin's frame: who is signed in, and sign-out (a POST: no GET changes anything). */
export function AdminShell({ user, children, wide = false }: { user: AdminUser | null; children: ReactNode; wide?: boolean }) {
  return (
    <>
      <a href="#main" className="fc-visually-hidden">
        Skip to content
      </a>
      <header className={styles.header}>
        <a className={styles.brand} href="/admin">
          Forecourt admin
        </a>
        {user ? (
          <>
            <span className={styles.who}>
              {user.email} ({user.role === "staff" ? "Forecourt staff" : "dealer"})
            </span>
            <form method="post" action="/api/admin/sign-out">
              <button className={styles.linkButton} type="submit">
                Sign out
              </button>
            </form>
          </>
        ) : null}
      </header>
      <main id="main" className={wide ? styles.wide : styles.main} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** The tabs of one site's admin pages. */
export function TenantNav({ slug, current, user }: { slug: string; current: "edit" | "flags" | "history" | "leads" | "media" | "demand" | "feeds"; user: AdminUser }) {
  const links = [
    { key: "edit", href: `/admin/tenants/${slug}`, label: "Editor" },
    { key: "flags", href: `/admin/tenants/${slug}/flags`, label: "Feature flags" },
    { key: "history", href: `/admin/tenants/${slug}/history`, label: "History" },
    { key: "leads", href: `/admin/tenants/${slug}/leads`, label: "Leads" },
    { key: "media", href: `/admin/tenants/${slug}/media`, label: "Picture library" },
    { key: "demand", href: `/admin/tenants/${slug}/demand`, label: "Demand" },
    { key: "feeds", href: `/admin/tenants/${slug}/feeds`, label: "Ads feeds" },
  ];
  return (
    <nav aria-label="Site admin" className={styles.subnav}>
      <a href="/admin">All sites{user.role === "dealer" ? " (yours)" : ""}</a>
      {links.map((l) => (
        <a key={l.key} href={l.href} aria-current={l.key === current ? "page" : undefined}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}
