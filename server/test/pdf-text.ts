import { workerPool } from '../lib/worker-pool';

/**
 * The text a PDF reader extracts from every page (through the fonts' ToUnicode maps), pages joined by new lines.
 * pdf.js runs in a worker thread of its own, so the polyfills its build installs over JSON.parse and other built-ins
 * stay out of the thread the API test files share (native-built-ins.setup.ts).
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const reader = workerPool<Uint8Array, string>({ script: new URL('./pdf-text.worker.ts', import.meta.url), size: 1, maxWaiting: 0, timeoutMs: 60_000 });
  try {
    return await reader.run(new Uint8Array(pdf));
  } finally {
    await reader.close();
  }
}
