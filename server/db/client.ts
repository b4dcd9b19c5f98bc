import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { terminal } from '../lib/terminal';
import { lockDataDir } from './lock';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export { DatabaseLockedError } from './lock';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * How busy the database is, for the metrics: connections in use and idle, and queries waiting for one. PGlite is one
 * connection, run on its own thread: in use while a query is in flight there, the further ones waiting.
 */
export type DatabaseStats = { busy: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  stats(): DatabaseStats;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** When the newest migration of this build was generated; drizzle records it as the migration's created_at. */
const latestMigration = Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));

/** Whether the database has every migration of this build (drizzle's own record of what it applied). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const [row] = await db.select({ last: sql<string | number | null>`max(created_at)` }).from(sql`drizzle.__drizzle_migrations`);
    return Number(row?.last ?? 0) >= latestMigration;
  } catch {
    // No record table: never migrated.
    return false;
  }
}

/** PGlite, which can also write its data directory to a file that another PGlite starts from (`copyOf`). */
export type PgliteDatabase = Database & {
  kind: 'pglite';
  /** Writes the whole data directory to `file`, as it is once every statement asked for before has finished. */
  dumpTo(file: string): Promise<void>;
};

/**
 * PGlite in `dataDir` (or in memory when dataDir is undefined), run on a thread of its own. With `copyOf`, a new
 * database that starts as the data directory `dumpTo` wrote to that file (migrated as that one was).
 */
export async function openPglite(dataDir?: string, { copyOf }: { copyOf?: string } = {}): Promise<PgliteDatabase> {
  let release = () => {};
  let dir: string | undefined;
  if (dataDir) {
    dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const lock = await lockDataDir(dataDir);
    release = () => lock.release();
  }
  let client: PgliteThread;
  try {
    client = await PgliteThread.open(dir, copyOf);
  } catch (err) {
    release();
    throw err;
  }
  // Drizzle's PGlite driver calls only the query and transaction methods the thread's client has.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    stats: () => ({ busy: Math.min(1, client.inFlight), idle: client.inFlight > 0 ? 0 : 1, waiting: Math.max(0, client.inFlight - 1), max: 1 }),
    migrate: () => migratePglite(db, { migrationsFolder }),
    dumpTo: (file) => client.dumpTo(file),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** PostgreSQL connections one server process opens at most. */
const POOL_MAX = 20;

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  // An idle client whose connection the server ends (restart, failover, a dropped database) must not crash the process.
  pool.on('error', (err) => terminal.complain(`PostgreSQL connection lost: ${err.message}`));
  const { rows } = await pool.query<{ ctype: string }>('select datctype as ctype from pg_database where datname = current_database()');
  const ctype = rows[0]?.ctype ?? '';
  // pg_trgm finds words by the database's character classes: under C it sees no letters beyond ASCII.
  if (ctype === 'C' || ctype === 'POSIX') {
    terminal.complain(`The database's LC_CTYPE is ${ctype}: searches in Bangla cannot use the search index. Create it with a UTF-8 locale (e.g. C.UTF-8).`);
  }
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    stats: () => ({ busy: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
