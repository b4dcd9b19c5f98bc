import { parseArgs } from 'node:util';
import { loadConfig, loadEnvFile } from '../config';
import { DatabaseLockedError, openDatabase } from '../db/client';
import { describeError, terminal } from '../lib/terminal';
import { openMediaStorage } from '../modules/media/storage';
import { seedCatalogue } from './catalogue';
import { seedIfEmpty } from './index';

/**
 * `npm run seed`: migrates the configured database and fills whatever is empty with demo data.
 * `npm run seed -- --products 10000` then adds that many generated products (for benchmarks).
 */
function productsToAdd(): number | undefined {
  const { values } = parseArgs({ options: { products: { type: 'string' } } });
  if (values.products === undefined) return undefined;
  const n = Number(values.products);
  if (Number.isInteger(n) && n >= 1 && n <= 1_000_000) return n;
  terminal.complain('--products takes a whole number from 1 to 1000000');
  process.exit(2);
}

async function main() {
  const extraProducts = productsToAdd();
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase(config);
  const storage = openMediaStorage(config.mediaStorage);
  try {
    await database.migrate();
    const done = await seedIfEmpty(database.db, { storage });
    if (extraProducts) done.push(await seedCatalogue(database.db, { storage, products: extraProducts }));
    if (done.length === 0) terminal.say('Nothing to seed: the database already has data.');
    for (const line of done) terminal.say(`Seeded ${line}`);
  } finally {
    storage.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  terminal.complain(err instanceof DatabaseLockedError ? err.message : describeError(err));
  process.exit(1);
});
