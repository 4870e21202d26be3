import { NO_ACCESS } from "../../../server/admin/access";

export default function Forbidden() {
  return (
    <main id="main" style={{ width: "min(100% - 2rem, 960px)", margin: "2rem auto" }}>
      <h1>403 — No access</h1>
      <p>{NO_ACCESS}</p>
      <p>
        <a href="/admin">Back to your sites</a>
      </p>
    </main>
  );
}
