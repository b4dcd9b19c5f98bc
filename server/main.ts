import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdapters } from './adapters';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { ensureAdmin } from './modules/users/service';

/** The built web app; WEB_ROOT points elsewhere, e.g. at a second build served side by side. */
const webRoot = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : fileURLToPath(new URL('../dist', import.meta.url));

async function main() {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();
  await seedIfEmpty(database.db, { dataDir: config.dataDir });
  const admin = await ensureAdmin(database.db, config.admin);
  if (admin.generatedPassword) {
    console.log(`Admin account created: ${admin.email} / ${admin.generatedPassword} (shown once; change it after signing in)`);
  }

  const app = await buildApp({ config, db: database.db, ...createAdapters(config), webRoot, logger: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`haat is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
