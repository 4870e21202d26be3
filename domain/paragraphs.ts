/** Feed text as paragraphs: split on blank lines, each trimmed, empties dropped (line ends normalised first). */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
