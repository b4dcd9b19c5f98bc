import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureApiProducts, printApiProductsReport } from './api-products';
import { measureImageSize, printImageSizeReport } from './image-size';
import { measureLighthouse, printLighthouseReport } from './lighthouse';
import { measureMainThread, printMainThreadReport } from './main-thread';
import { measureServerStart, printServerStartReport } from './server-start';
import { measureSize, printSizeReport } from './size';
import { measureSlowNetwork, printSlowNetworkReport } from './slow-network';
import { measureTwoProcesses, printTwoProcessesReport } from './two-processes';

/** `npm run bench`: every benchmark in turn (or those named: `npm run bench -- lighthouse size`); each writes bench/results/<name>.json. */
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
      const result = await measureSlowNetwork();
      printSlowNetworkReport(result);
      return result;
    },
  },
  {
    name: 'lighthouse',
    run: async () => {
      const result = await measureLighthouse();
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

const named = process.argv.slice(2);
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
