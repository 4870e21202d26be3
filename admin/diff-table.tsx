import { jsonDiff } from "../domain/json-diff";
import { changeWords } from "../domain/field-place";
import styles from "./admin.module.css";

/** What changed between two documents: each field by its place in words, with both values as text. */
export function DiffTable({ before, after, beforeLabel, afterLabel }: { before: unknown; after: unknown; beforeLabel: string; afterLabel: string }) {
  const changes = jsonDiff(before, after);
  if (!changes.length) return <p>No differences.</p>;
  return (
    <table className={`${styles.diff} ${styles.table}`}>
      <thead>
        <tr>
          <th scope="col">Where</th>
          <th scope="col">{beforeLabel}</th>
          <th scope="col">{afterLabel}</th>
        </tr>
      </thead>
      <tbody>
        {changes.slice(0, 200).map((c) => {
          const words = changeWords(c.pointer, c.before, c.after, before, after);
          return (
            <tr key={`${c.kind}:${c.pointer}`} data-pointer={c.pointer}>
              <th scope="row">{words.where}</th>
              <td className={c.kind === "added" ? undefined : styles.before}>{words.before}</td>
              <td className={c.kind === "removed" ? undefined : styles.after}>{words.after}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
