/** A table's hidden caption and column headers; a `{ hidden }` column is named for screen readers only (an actions column). */
export function TableHead({ caption, columns }: { caption: string; columns: (string | { hidden: string })[] }) {
  return (
    <>
      <caption className="fc-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) =>
            typeof c === "string" ? (
              <th key={c} scope="col">
                {c}
              </th>
            ) : (
              <th key={c.hidden} scope="col">
                <span className="fc-visually-hidden">{c.hidden}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
    </>
  );
}
