import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureApiProducts, printApiProductsReport } from './api-products';
import { measureImageSize, printImageSizeReport } from './image-size';
import { measureLighthouse, printLighthouseReport } from './lighthouse';
import { measureMainThread, printMainThreadReport } from './main-thread';
import { measurePages, printPagesReport } from './pages';
import { measureProductImport, printProductImportReport } from './product-import';
import { measureServerStart, printServerStartReport } from './server-start';
import { measureSize, printSizeReport } from './size';
import { measureSlowNetwork, printSlowNetworkReport } from './slow-network';
import { measureTwoProcesses, printTwoProcessesReport } from './two-processes';

/**
 * `npm run bench`: every benchmark in turn (or those named: `npm run bench -- lighthouse size`); each writes
 * bench/results/<name>.json. `--original DIR` (or `ORIGINAL_CLIENT_DIST`) names a build of the original client, which
 * the Lighthouse and slow-network benchmarks then measure side by side with the shop.
 */
const { values: options, positionals: named } = parseArgs({ options: { original: { type: 'string' } }, allowPositionals: true });
const originalClient = options.original ? resolve(options.original) : undefined;

const benchmarks: { name: string; run: () => Promise<unknown> }[] = [
  {
    name: 'size',
    run: async () => {
      const result = await measureSize();
      printSizeReport(result);
      return result;
    },
  },
  {
    name: 'slow-network',
    run: async () => {
      const result = await measureSlowNetwork({ originalClient });
      printSlowNetworkReport(result);
      return result;
    },
  },
  {
    name: 'lighthouse',
    run: async () => {
      const result = await measureLighthouse({ originalClient });
      printLighthouseReport(result);
      return result;
    },
  },
  {
    name: 'main-thread',
    run: async () => {
      const result = await measureMainThread();
      printMainThreadReport(result);
      return result;
    },
  },
  {
    name: 'image-size',
    run: async () => {
      const result = await measureImageSize();
      printImageSizeReport(result);
      return result;
    },
  },
  {
    name: 'api-products',
    run: async () => {
      const result = await measureApiProducts();
      printApiProductsReport(result);
      return result;
    },
  },
  {
    name: 'pages',
    run: async () => {
      const result = await measurePages();
      printPagesReport(result);
      return result;
    },
  },
  {
    name: 'product-import',
    run: async () => {
      const result = await measureProductImport();
      printProductImportReport(result);
      return result;
    },
  },
  {
    name: 'server-start',
    run: async () => {
      const result = await measureServerStart();
      printServerStartReport(result);
      return result;
    },
  },
  {
    name: 'two-processes',
    run: async () => {
      const result = await measureTwoProcesses();
      printTwoProcessesReport(result);
      return result;
    },
  },
];

const unknown = named.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
if (unknown.length > 0) throw new Error(`no benchmark named ${unknown.join(', ')}; there are ${benchmarks.map((b) => b.name).join(', ')}`);

const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
for (const { name, run } of benchmarks.filter((benchmark) => named.length === 0 || named.includes(benchmark.name))) {
  console.log(`\n== ${name} ==`);
  const result = await run();
  const file = join(resultsDir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, measuredAt: new Date().toISOString(), result }, null, 2) + '\n');
  console.log(`wrote ${file}`);
}
