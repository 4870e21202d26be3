import { redirect } from "next/navigation";
import { safeNext } from "../server/admin/http";
import { WRONG_CREDENTIALS } from "../server/admin/accounts";
import { HASHING_BUSY } from "../server/admin/passwords";
import { currentAdmin } from "./session";
import { AdminShell } from "./shell";
import styles from "./admin.module.css";

type Search = { error?: string; minutes?: string; email?: string; next?: string };

/** /admin/sign-in: a plain form (works without JavaScript) posting to /api/admin/sign-in. */
export async function SignInPage({ searchParams }: { searchParams: Search }) {
  const next = safeNext(searchParams.next);
  if (await currentAdmin()) redirect(next);
  const minutes = Math.min(Math.max(Math.ceil(Number(searchParams.minutes)) || 15, 1), 15);
  const error =
    searchParams.error === "limited"
      ? `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`
      : searchParams.error === "busy"
        ? HASHING_BUSY
        : searchParams.error
          ? WRONG_CREDENTIALS
        : null;
  return (
    <AdminShell user={null}>
      <div className={`${styles.card} ${styles.narrow}`}>
        <h1>Sign in</h1>
        <p className={styles.hint}>For Forecourt staff and dealers editing their sites.</p>
        {error ? (
          <p className={styles.alert} role="alert" id="sign-in-error">
            {error}
          </p>
        ) : null}
        <form method="post" action="/api/admin/sign-in" aria-describedby={error ? "sign-in-error" : undefined}>
          <input type="hidden" name="next" value={next} />
          <div className={styles.field}>
            <label htmlFor="email">Email</label>
            <input id="email" name="email" type="email" autoComplete="username" required defaultValue={searchParams.email ?? ""} autoFocus={!searchParams.email} />
          </div>
          <div className={styles.field}>
            <label htmlFor="password">Password</label>
            <input id="password" name="password" type="password" autoComplete="current-password" required autoFocus={!!searchParams.email} />
          </div>
          <button className={styles.button} type="submit">
            Sign in
          </button>
        </form>
      </div>
    </AdminShell>
  );
}
