import { jsonDiff, previewValue } from "../domain/json-diff";
import styles from "./admin.module.css";

/** The changed paths between two documents, with both values. */
export function DiffTable({ before, after, beforeLabel, afterLabel }: { before: unknown; after: unknown; beforeLabel: string; afterLabel: string }) {
  const changes = jsonDiff(before, after);
  if (!changes.length) return <p>No differences.</p>;
  return (
    <table className={`${styles.diff} ${styles.table}`}>
      <thead>
        <tr>
          <th scope="col">Path</th>
          <th scope="col">{beforeLabel}</th>
          <th scope="col">{afterLabel}</th>
        </tr>
      </thead>
      <tbody>
        {changes.slice(0, 200).map((c) => (
          <tr key={c.pointer}>
            <td>
              <code>{c.pointer || "/"}</code>
            </td>
            <td className={c.kind === "added" ? undefined : styles.before}>{previewValue(c.before)}</td>
            <td className={c.kind === "removed" ? undefined : styles.after}>{previewValue(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
