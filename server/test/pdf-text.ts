import { workerPool } from '../lib/worker-pool';

/**
 * The text a PDF reader extracts from every page (through the fonts' ToUnicode maps), pages joined by new lines.
 * pdf.js runs in a worker thread of its own: its build replaces JSON.parse, Array.prototype.push and other built-ins
 * with slower polyfills for the whole thread, and the API test files of a worker share theirs (a later file's
 * requests took eight times as long).
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const reader = workerPool<Uint8Array, string>({ script: new URL('./pdf-text.worker.ts', import.meta.url), size: 1, maxWaiting: 0, timeoutMs: 60_000 });
  try {
    return await reader.run(new Uint8Array(pdf));
  } finally {
    await reader.close();
  }
}
