import { describe, expect, it } from 'vitest';
import { line, newDocument, toBuffer } from '../modules/invoices/pdf';
import { pdfText } from './pdf-text';

describe('pdfText', () => {
  it("reads a PDF's text in Latin and Bengali", async () => {
    const doc = newDocument({ Title: 'Test', Author: 'haat' });
    line(doc, 'Order 42 টাকা', 40, 40, { size: 12 });
    expect(await pdfText(await toBuffer(doc))).toMatch(/Order 42\s+টাকা/);
  });
});
