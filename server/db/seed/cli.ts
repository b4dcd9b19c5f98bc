import { loadConfig } from '../../config';
import { DatabaseLockedError, openDatabase } from '../client';
import { seedIfEmpty } from './index';

/** `npm run seed`: migrates the configured database and fills whatever is empty with demo data. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const done = await seedIfEmpty(database.db);
    if (done.length === 0) console.log('Nothing to seed: the database already has data.');
    for (const line of done) console.log(`Seeded ${line}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof DatabaseLockedError ? err.message : err);
  process.exit(1);
});
