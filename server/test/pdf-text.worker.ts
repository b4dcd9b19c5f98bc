import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { serveJobs } from '../lib/worker-pool';

/** pdfText's worker thread: a PDF in, the text of its pages out. */
serveJobs<Uint8Array, string>(async (pdf) => {
  const document = await getDocument({ data: pdf, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const { items } = await (await document.getPage(number)).getTextContent();
    pages.push(items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
});
