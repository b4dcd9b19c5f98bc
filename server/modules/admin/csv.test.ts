import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as a formula, and quotes every cell', () => {
    for (const dangerous of ['=1+1', '+8801711', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(dangerous)).toBe(`"'${dangerous}"`);
    expect(csvCell('Rahim "the tailor", Dhaka')).toBe('"Rahim ""the tailor"", Dhaka"');
    expect(csvCell('01711000111')).toBe('"01711000111"');
    expect(csvCell(1410)).toBe('"1410"');
    expect(csvCell(null)).toBe('""');
  });

  it('writes a UTF-8 file with a byte-order mark and CRLF line ends', () => {
    expect(toCsv([['a', 'ক'], ['=x', null]])).toBe('\uFEFF"a","ক"\r\n"\'=x",""\r\n');
  });
});
