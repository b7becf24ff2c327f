/** CSV as spreadsheets and Anki read it (RFC 4180), safe to open anywhere. */

/**
 * A cell a spreadsheet would run as a formula when it begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return (CSV injection: a cell's text can come from the model or from another user). Such a cell gets a leading apostrophe, as OWASP advises: spreadsheets show the text,
 * and Anki shows the apostrophe, a small price for a file that is safe to open anywhere.
 */
function neutralisedCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One RFC 4180 field: neutralised, then quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string): string {
  const cell = neutralisedCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Rows as CSV: each field through csvField, CRLF line ends, a final line end. */
export function csvRows(rows: string[][]): string {
  return `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
