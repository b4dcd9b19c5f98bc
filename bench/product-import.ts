import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_MAX_ROWS, type ProductImportPreview } from '../contract/product-csv';
import type { ProductList } from '../contract/catalogue';
import { csvRecords, fromCsvCell, toCsv } from '../server/lib/csv';
import { startBuiltServer } from './support/server';

/**
 * The back office's products import on the real server (its build) on PGlite: a 10,000-row file (2,000 products with
 * three sizes each and 4,000 without variants) previewed and applied as new products, then the same rows exported,
 * every price changed, previewed and applied again. While each step runs, the server is asked for `/api/config` every
 * 50 ms: the slowest answer shows how long the import held the event loop. Results go to
 * bench/results/product-import.json.
 */

const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-password' };
const ROWS = PRODUCT_CSV_MAX_ROWS;
const PROBE_EVERY_MS = 50;

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
type Step = {
  step: string;
  rows: number;
  previewSeconds: number;
  applySeconds: number;
  totalSeconds: number;
  slowestOtherRequestMs: number;
  created: number;
  changed: number;
};
export type ProductImportResult = { backend: 'pglite'; steps: Step[] };

/** Asks the server a cheap question every 50 ms until stopped; the slowest answer, in ms. */
function probe(baseUrl: string) {
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/config`).then((res) => res.arrayBuffer());
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return Math.round(slowest);
  };
}

const csvFile = (rows: Partial<Record<Column, string>>[]) =>
  toCsv([[...PRODUCT_CSV_COLUMNS], ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((column) => row[column] ?? ''))]);

async function importFile(baseUrl: string, token: string, step: string, file: string, rows: number): Promise<Step> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'text/csv' };
  const stopProbe = probe(baseUrl);
  const started = performance.now();
  const previewed = await fetch(`${baseUrl}/api/products/import/preview`, { method: 'POST', headers, body: file });
  if (!previewed.ok) throw new Error(`${step}: the preview answered ${previewed.status} ${await previewed.text()}`);
  const preview = ((await previewed.json()) as { data: ProductImportPreview }).data;
  if (preview.refused > 0)
    throw new Error(`${step}: ${preview.refused} refused, the first: ${JSON.stringify(preview.rows.find((row) => row.outcome === 'refuse'))}`);
  const afterPreview = performance.now();
  const applied = await fetch(`${baseUrl}/api/products/import/apply?preview=${preview.preview}`, { method: 'POST', headers, body: file });
  if (!applied.ok) throw new Error(`${step}: applying answered ${applied.status} ${await applied.text()}`);
  const done = performance.now();
  const result = ((await applied.json()) as { data: { created: number; changed: number } }).data;
  const seconds = (ms: number) => Math.round(ms / 10) / 100;
  return {
    step,
    rows,
    previewSeconds: seconds(afterPreview - started),
    applySeconds: seconds(done - afterPreview),
    totalSeconds: seconds(done - started),
    slowestOtherRequestMs: await stopProbe(),
    ...result,
  };
}

export async function measureProductImport(): Promise<ProductImportResult> {
  const server = await startBuiltServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LIST_CACHE_SECONDS: '0' } });
  try {
    const { baseUrl } = server;
    const signedIn = await fetch(`${baseUrl}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }),
    });
    const token = ((await signedIn.json()) as { data: { accessToken: string } }).data.accessToken;
    const [seeded] = ((await (await fetch(`${baseUrl}/api/products?limit=1`)).json()) as { data: ProductList }).data.data;
    if (!seeded) throw new Error('the demo shop has no products');
    const category = seeded.productCategory.categoryName;
    const image = seeded.productImages[0]!;

    const rows: Partial<Record<Column, string>>[] = [];
    for (let product = 0; rows.length < ROWS; product++) {
      const base = {
        productName: `Bench product ${product}`,
        productNameBn: `বেঞ্চ পণ্য ${product}`,
        category,
        productImages: image,
        searchTags: `bench, p${product}`,
        remainingProducts: '10',
      };
      if (product < 2000) {
        for (const size of ['S', 'M', 'L']) rows.push({ ...base, sku: `BENCH-${product}-${size}`, size, originalPrice: String(100 + product) });
      } else rows.push({ ...base, originalPrice: String(100 + product) });
    }
    const steps = [await importFile(baseUrl, token, 'create', csvFile(rows), rows.length)];

    const exported = await (await fetch(`${baseUrl}/api/products/export`, { headers: { authorization: `Bearer ${token}` } })).text();
    const [header, ...records] = [...csvRecords(exported)];
    const priceAt = header!.cells.indexOf('originalPrice');
    const nameAt = header!.cells.indexOf('productName');
    const changed = records
      .map((record) => record.cells.map(fromCsvCell))
      .filter((cells) => cells[nameAt]!.startsWith('Bench product '))
      .map((cells) => cells.map((cell, i) => (i === priceAt ? String(Number(cell) + 1) : cell)));
    steps.push(await importFile(baseUrl, token, 'change every price', toCsv([header!.cells, ...changed]), changed.length));
    return { backend: 'pglite', steps };
  } finally {
    await server.stop();
  }
}

export function printProductImportReport(result: ProductImportResult): void {
  console.log(`\nProducts CSV import (${result.backend}): preview + apply`);
  for (const s of result.steps) {
    console.log(
      `  ${s.step.padEnd(20)} ${String(s.rows).padStart(6)} rows  preview ${s.previewSeconds.toFixed(2)} s  apply ${s.applySeconds.toFixed(2)} s  total ${s.totalSeconds.toFixed(2)} s  (${s.created} created, ${s.changed} changed; slowest other request ${s.slowestOtherRequestMs} ms)`,
    );
  }
}
