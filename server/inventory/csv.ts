/**
 * A small RFC 4180 CSV reader: comma-separated fields, fields in double quotes may hold commas,
 * line breaks and doubled quotes (""), records end at CRLF or LF. Also: a UTF-8 byte-order mark is
 * skipped, blank lines are skipped, and every record says on which line it starts (a quoted field
 * may span lines), so import errors can name the line.
 */
export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let blank = true;
    for (;;) {
      let field = "";
      if (s[i] === '"') {
        blank = false;
        const quoteLine = line;
        i++;
        for (;;) {
          if (i >= n) throw new CsvError(quoteLine, "a quoted field is not closed");
          const ch = s[i];
          if (ch === '"') {
            if (s[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === "\n") line++;
          field += ch;
          i++;
        }
        if (i < n && s[i] !== "," && s[i] !== "\n" && s[i] !== "\r") {
          throw new CsvError(line, `unexpected ${JSON.stringify(s[i])} after a closing quote (a quote inside a field is written "")`);
        }
      } else {
        const from = i;
        while (i < n && s[i] !== "," && s[i] !== "\n" && s[i] !== "\r") i++;
        field = s.slice(from, i);
        if (field) blank = false;
      }
      fields.push(field);
      if (i < n && s[i] === ",") {
        blank = false;
        i++;
        continue;
      }
      // end of record: CRLF, LF or a lone CR
      if (s[i] === "\r") {
        i++;
        if (s[i] === "\n") i++;
        line++;
      } else if (s[i] === "\n") {
        i++;
        line++;
      }
      break;
    }
    if (!blank) records.push({ line: start, fields });
  }
  return records;
}

/** Quotes a value for a CSV field when it needs it. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
