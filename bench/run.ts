import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureApiProducts, printApiProductsReport } from './api-products';
import { measureImageSize, printImageSizeReport } from './image-size';
import { measureFirstVisit, printSizeReport } from './size';

/** `npm run bench`: every benchmark in turn; each writes bench/results/<name>.json. */
const benchmarks: { name: string; run: () => Promise<unknown> }[] = [
  {
    name: 'size',
    run: async () => {
      const result = await measureFirstVisit();
      printSizeReport(result);
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
];

const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
for (const { name, run } of benchmarks) {
  console.log(`\n== ${name} ==`);
  const result = await run();
  const file = join(resultsDir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, measuredAt: new Date().toISOString(), result }, null, 2) + '\n');
  console.log(`wrote ${file}`);
}
