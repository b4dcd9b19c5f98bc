import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords, fromCsvCell, readCsv, toCsv } from './csv';

const cellsOf = (text: string) => [...csvRecords(text)].map((record) => record.cells);

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as a formula, and quotes every cell', () => {
    for (const dangerous of ['=1+1', '+8801711', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(dangerous)).toBe(`"'${dangerous}"`);
    expect(csvCell('Rahim "the tailor", Dhaka')).toBe('"Rahim ""the tailor"", Dhaka"');
    expect(csvCell('01711000111')).toBe('"01711000111"');
    expect(csvCell(1410)).toBe('"1410"');
    expect(csvCell(null)).toBe('""');
  });

  it('writes a UTF-8 file with a byte-order mark and CRLF line ends', () => {
    expect(
      toCsv([
        ['a', 'ক'],
        ['=x', null],
      ]),
    ).toBe('\uFEFF"a","ক"\r\n"\'=x",""\r\n');
  });

  it('gives back every cell as it was, the neutralised ones and those that already began with an apostrophe included', () => {
    const cells = ['=1+1', "'=1+1", "''@x", "'plain", 'plain', '-5', '', '\t=1', "it's", 'a,"b"\r\nc', 'চাল ৫ কেজি'];
    const [record] = [...csvRecords(toCsv([cells]))];
    expect(record!.cells.map(fromCsvCell)).toEqual(cells);
  });
});

describe('csvRecords', () => {
  it('reads quoted commas, doubled quotes and line breaks inside cells, with the line each record starts on', () => {
    const records = [...csvRecords('\uFEFFa,"b, c","say ""hi"""\r\n"one\r\ntwo",x,\n\nlast,"",z')];
    expect(records).toEqual([
      { row: 1, line: 1, cells: ['a', 'b, c', 'say "hi"'] },
      { row: 2, line: 2, cells: ['one\r\ntwo', 'x', ''] },
      { row: 3, line: 5, cells: ['last', '', 'z'] },
    ]);
  });

  it('reads LF and CRLF alike, and a file with no line end at its end', () => {
    expect(cellsOf('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cellsOf('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('refuses broken quoting, naming the line', () => {
    expect(() => cellsOf('a,b\nc,"d')).toThrow('Line 2: a quoted cell is never closed');
    expect(() => cellsOf('a,"b"c')).toThrow('Line 1: text after a closing quote');
    expect(() => cellsOf('a\nb"c')).toThrow('Line 2: a quote inside a cell that does not start with one');
  });
});

describe('readCsv', () => {
  it('reads every record, and refuses a file with more records than allowed', async () => {
    const text = toCsv(Array.from({ length: 1200 }, (_, i) => [i, 'x']));
    expect((await readCsv(text, { maxRecords: 1200, perTurn: 100 })).at(-1)).toEqual({ row: 1200, line: 1200, cells: ['1199', 'x'] });
    await expect(readCsv(text, { maxRecords: 1000 })).rejects.toThrow('The file has more than 1000 records');
  });

  it('lets the event loop run while it reads a large file', async () => {
    const text = toCsv(Array.from({ length: 5000 }, (_, i) => [i, 'some text', 'চাল']));
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    await readCsv(text, { maxRecords: 5000, perTurn: 500 });
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(0);
  });
});
