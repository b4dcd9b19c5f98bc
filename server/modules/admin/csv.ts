/**
 * Cells a spreadsheet would read as a formula (`=`, `+`, `-`, `@`) or that begin with a tab or carriage return, which
 * some spreadsheets strip before reading one: a customer's name such as `=HYPERLINK(…)` must stay text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, quoted, with a leading apostrophe when it could start a formula (the usual neutralisation). */
export function csvCell(value: string | number | null): string {
  const raw = value === null ? '' : String(value);
  const safe = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * A CSV file (RFC 4180 line ends) with a byte-order mark, so spreadsheet programs read Bangla names as UTF-8.
 * Every money figure in it is zero or more, so neutralising `-` never alters a number.
 */
export function toCsv(rows: (string | number | null)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
