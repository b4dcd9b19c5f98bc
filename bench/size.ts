import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/env';
import { DIST, startBuiltServer } from './support/server';

/** First-visit JavaScript budget: what a shopper on 3G downloads before the home page is usable. */
export const BUDGET_GZIP_BYTES = 150 * 1024;

export type FileSize = { file: string; raw: number; gzip: number };
export type SizeResult = {
  firstVisit: FileSize[];
  totalRaw: number;
  totalGzip: number;
  budgetGzip: number;
  withinBudget: boolean;
  /** Every other JavaScript chunk in dist/assets: route chunks loaded on navigation. */
  otherChunks: FileSize[];
};

function sizeOf(file: string): FileSize {
  const bytes = readFileSync(join(DIST, 'assets', file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const sum = (files: FileSize[], key: 'raw' | 'gzip') => files.reduce((total, f) => total + f[key], 0);

/** Opens `/` of the built app in Chromium and sizes every script it loads from /assets/. */
export async function measureFirstVisit(): Promise<SizeResult> {
  const server = await startBuiltServer();
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true }).catch(async (err: unknown) => {
    await server.stop();
    throw err;
  });
  try {
    // The service worker's precache download happens after first paint and is not the page's own cost.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Set<string>();
    // A page that throws may stop before loading its route chunks: its figure would look better than the truth.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/assets/') && (response.request().resourceType() === 'script' || pathname.endsWith('.js'))) {
        scripts.add(pathname.slice('/assets/'.length));
      }
    });
    const response = await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`GET / answered ${response?.status() ?? 'nothing'}`);
    if (errors.length > 0) throw new Error(`the home page failed, so its size cannot be measured:\n  ${errors.join('\n  ')}`);

    const firstVisit = [...scripts].sort().map(sizeOf);
    const loaded = new Set(scripts);
    const otherChunks = readdirSync(join(DIST, 'assets'))
      .filter((file) => file.endsWith('.js') && !loaded.has(file))
      .sort()
      .map(sizeOf);
    const totalGzip = sum(firstVisit, 'gzip');
    return {
      firstVisit,
      totalRaw: sum(firstVisit, 'raw'),
      totalGzip,
      budgetGzip: BUDGET_GZIP_BYTES,
      withinBudget: totalGzip <= BUDGET_GZIP_BYTES,
      otherChunks,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function table(rows: FileSize[]): string {
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  const line = (file: string, raw: string, gzip: string) => `  ${file.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`;
  return [line('file', 'raw', 'gzip'), ...rows.map((r) => line(r.file, kb(r.raw), kb(r.gzip)))].join('\n');
}

export function printSizeReport(result: SizeResult) {
  console.log('JavaScript downloaded by a first visit to / (gzip -9 of the files in dist/assets):');
  console.log(table(result.firstVisit));
  console.log(`  total: ${kb(result.totalRaw)} raw, ${kb(result.totalGzip)} gzip (budget ${kb(result.budgetGzip)} gzip)`);
  if (result.otherChunks.length > 0) {
    console.log('\nOther chunks (loaded by routes on navigation), for information:');
    console.log(table(result.otherChunks));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  const result = await measureFirstVisit();
  printSizeReport(result);
  if (check && !result.withinBudget) {
    console.error(`\nFirst-visit JavaScript is ${kb(result.totalGzip)} gzip, over the ${kb(result.budgetGzip)} budget.`);
    process.exit(1);
  }
}
