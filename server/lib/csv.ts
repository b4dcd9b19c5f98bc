import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * CSV as RFC 4180 writes it (quoted cells, `""` for a quote, CRLF line ends, line breaks inside quoted cells), with a
 * byte-order mark so spreadsheet programs read Bangla as UTF-8.
 *
 * Cells a spreadsheet would read as a formula (`=`, `+`, `-`, `@`) or that begin with a tab or carriage return, which
 * some spreadsheets strip before reading one, get a leading apostrophe: a customer's name such as `=HYPERLINK(…)` must
 * stay text. A cell that already starts with apostrophes before such a character gets one more, so reading a file
 * removes exactly one and gives back every cell as it was written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** One cell, quoted, with a leading apostrophe when it could start a formula (the usual neutralisation). */
export function csvCell(value: string | number | null): string {
  const raw = value === null ? '' : String(value);
  const safe = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One line of cells, with its CRLF. */
export const csvLine = (row: readonly (string | number | null)[]): string => `${row.map(csvCell).join(',')}\r\n`;

export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A CSV file with a byte-order mark. Every money figure in it is zero or more, so neutralising `-` never alters a
 * number.
 */
export function toCsv(rows: (string | number | null)[][]): string {
  return `${BYTE_ORDER_MARK}${rows.map(csvLine).join('')}`;
}

/** What `csvCell` wrote, read back: the one apostrophe it put before a formula's first character is removed. */
export function fromCsvCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** What is wrong with a file, and where: `line` is where the problem was found (for too many records, the limit). */
export class CsvError extends Error {
  constructor(
    readonly problem: 'quoteNotClosed' | 'textAfterQuote' | 'strayQuote' | 'tooManyRecords',
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A record of the file: `row` is its number as a spreadsheet shows it (the first record 1), `line` the line of the text
 * it starts on (a quoted line break makes a record span lines).
 */
export type CsvRecord = { row: number; line: number; cells: string[] };

/**
 * Reads CSV text record by record: fields separated by commas, records by CRLF or LF, quoted fields holding commas,
 * quotes (`""`) and line breaks. A byte-order mark at the start is skipped; blank lines are skipped. Refuses (CsvError,
 * naming the line) a quote inside an unquoted field, text after a closing quote and a quote never closed.
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let at = text.startsWith(BYTE_ORDER_MARK) ? 1 : 0;
  let line = 1;
  let row = 0;
  const end = text.length;
  while (at < end) {
    const startLine = line;
    const cells: string[] = [];
    for (;;) {
      let cell = '';
      if (text[at] === '"') {
        at++;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote === -1) throw new CsvError('quoteNotClosed', startLine, `Line ${startLine}: a quoted cell is never closed`);
          const part = text.slice(at, quote);
          cell += part;
          line += countLineBreaks(part);
          at = quote + 1;
          if (text[at] === '"') {
            cell += '"';
            at++;
          } else break;
        }
        const next = text[at];
        if (at < end && next !== ',' && next !== '\r' && next !== '\n') throw new CsvError('textAfterQuote', line, `Line ${line}: text after a closing quote`);
      } else {
        let stop = at;
        while (stop < end) {
          const c = text.charCodeAt(stop);
          if (c === 44 || c === 10 || c === 13) break;
          if (c === 34) throw new CsvError('strayQuote', line, `Line ${line}: a quote inside a cell that does not start with one`);
          stop++;
        }
        cell = text.slice(at, stop);
        at = stop;
      }
      cells.push(cell);
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === '\r') at++;
      if (text[at] === '\n') at++;
      line++;
      break;
    }
    if (cells.length > 1 || cells[0] !== '') yield { row: ++row, line: startLine, cells };
  }
}

function countLineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/**
 * Every record of the text, reading `perTurn` records at a time and letting the event loop run between: a 10,000-row
 * file never holds other requests up for long. Stops with a CsvError past `maxRecords`.
 */
export async function readCsv(text: string, { maxRecords, perTurn = 500 }: { maxRecords: number; perTurn?: number }): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for (const record of csvRecords(text)) {
    if (records.length === maxRecords) throw new CsvError('tooManyRecords', maxRecords, `The file has more than ${maxRecords} records`);
    records.push(record);
    if (records.length % perTurn === 0) await nextTurn();
  }
  return records;
}
