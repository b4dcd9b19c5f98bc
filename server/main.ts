import { join, resolve } from 'node:path';
import { createAdapters } from './adapters';
import { buildApp } from './app';
import { duringExclusiveStartup, openSharedState } from './cluster/shared-state';
import { ConfigError, loadConfig, loadEnvFile } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import { withServerSecrets } from './db/server-secrets';
import { PROJECT_ROOT } from './lib/project-root';
import { describeError, terminal } from './lib/terminal';
import { openMediaStorage } from './modules/media/storage';
import { seedIfEmpty } from './seed';
import { indexStaleProducts } from './modules/search/product-keys';
import { ensureAdmin } from './modules/users/service';

/** The built web app; WEB_ROOT points elsewhere, e.g. at a second build served side by side. */
const webRoot = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : join(PROJECT_ROOT, 'dist');

/** Closing the database after the requests: PGlite writes its last pages, PostgreSQL ends its connections. */
const DATABASE_CLOSE_MS = 5_000;

/** Whether `work` settled within `ms` (it keeps running if not; the caller moves on). */
function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = work.then(
    () => true,
    () => true,
  );
  return Promise.race([done, deadline]).finally(() => clearTimeout(timer));
}

async function main() {
  loadEnvFile();
  const settings = loadConfig();
  let database;
  try {
    database = await openDatabase(settings);
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      terminal.complain(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Processes started together on one PostgreSQL migrate and seed one at a time.
  const { config, admin } = await duringExclusiveStartup(settings.databaseUrl, async () => {
    await database.migrate();
    // Before any request: the first process writes the secrets it made, the others read them.
    const config = await withServerSecrets(database.db, settings);
    const seedStorage = openMediaStorage(config.mediaStorage);
    try {
      await seedIfEmpty(database.db, { storage: seedStorage });
    } finally {
      seedStorage.close();
    }
    return { config, admin: await ensureAdmin(database.db, config.admin) };
  });
  // On the terminal only: a password does not belong in a log that may be shipped and kept elsewhere.
  if (admin.generatedPassword) {
    terminal.say(`Admin account created: ${admin.email} / ${admin.generatedPassword} (shown once; change it after signing in)`);
  }

  // Products whose search keys are missing or older than this code's are written in the background; a search waits for them.
  void indexStaleProducts(database.db).catch((error: unknown) => terminal.complain(`Search keys: ${describeError(error)}`));

  const shared = await openSharedState(config, database, (error, what) => terminal.complain(`${what}: ${describeError(error)}`));
  const app = await buildApp({ config, db: database.db, databaseStats: database.stats, ...createAdapters(config), webRoot, logger: true, shared });

  let closing = false;
  /**
   * SIGTERM: /api/ready answers 503 while the server goes on serving for SHUTDOWN_DRAIN_SECONDS, so a load balancer
   * notices and stops sending before the listener closes; then stop accepting, let requests in flight finish for up to SHUTDOWN_TIMEOUT_SECONDS
   * (the periodic round this process runs included), then close what is still open, the shared state (Redis, the
   * change feed) and the database (which releases its lock) and exit, even if something hangs. A second signal exits
   * at once.
   */
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} received again: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.startDraining();
    app.log.info(
      `${signal} received: serving on for ${config.shutdownDrainMs / 1000} s with /api/ready answering 503, then finishing requests in flight (at most ${config.shutdownTimeoutMs / 1000} s)`,
    );
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    const finished = await within(config.shutdownTimeoutMs, app.close());
    if (!finished) {
      app.log.warn('Requests still in flight at the shutdown deadline: closing their connections');
      app.server.closeAllConnections();
    }
    const closed = await within(
      DATABASE_CLOSE_MS,
      shared.close().finally(() => database.close()),
    );
    if (!closed) app.log.error('The database did not close in time');
    process.exit(finished && closed ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // For the person who started it, whatever LOG_LEVEL says (the log has Fastify's own 'Server listening' line).
  terminal.say(
    `haat is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; rate limits in ${shared.limitsIn})`,
  );
}

main().catch((err: unknown) => {
  // A configuration to fix: its message is the whole story.
  terminal.complain(err instanceof ConfigError ? err.message : describeError(err));
  process.exit(1);
});
