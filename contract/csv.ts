/**
 * Rows as CSV (RFC 4180: CRLF lines, a cell quoted when it holds a quote, comma or line break, quotes doubled).
 * A cell a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return before one) is
 * prefixed with an apostrophe, so what a shopper typed (an address in the newsletter form, a name at sign-up) cannot
 * run in the operator's spreadsheet. The back office's downloads and the command line's exports all go through it.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
