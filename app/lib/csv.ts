/**
 * Rows as CSV (RFC 4180: CRLF lines, a cell quoted when it holds a quote, comma or line break, quotes doubled).
 * A cell a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return before one) is
 * prefixed with an apostrophe, so an address someone typed into the newsletter form cannot run in the operator's
 * spreadsheet.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
