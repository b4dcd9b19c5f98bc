import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export class DatabaseLockedError extends Error {}

/** PGlite is one process only: an exclusive lock file refuses a second server on the same directory. */
function takeLock(dir: string): () => void {
  const lockPath = join(dir, 'haat.lock');
  const tryCreate = () => {
    const fd = openSync(lockPath, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
  };
  try {
    tryCreate();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(lockPath, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new DatabaseLockedError(
        `The database in ${dir} is in use by another haat process (pid ${holder}). ` +
          'Stop it first, or set DATA_DIR to another directory.',
      );
    }
    rmSync(lockPath, { force: true });
    tryCreate();
  }
  return () => rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The contrib extensions the migrations create; PostgreSQL ships them in its contrib package. */
const extensions = { pg_trgm };

/** PGlite in `dataDir` (or in memory when dataDir is undefined). */
export async function openPglite(dataDir?: string): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    release = takeLock(dataDir);
    try {
      client = await PGlite.create(dir, { extensions });
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: async () => {
      await client.close();
      release();
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle client whose connection the server ends (restart, failover, a dropped database) must not crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const { rows } = await pool.query<{ ctype: string }>('select datctype as ctype from pg_database where datname = current_database()');
  const ctype = rows[0]?.ctype ?? '';
  // pg_trgm finds words by the database's character classes: under C it sees no letters beyond ASCII.
  if (ctype === 'C' || ctype === 'POSIX') {
    console.warn(`The database's LC_CTYPE is ${ctype}: searches in Bangla cannot use the search index. Create it with a UTF-8 locale (e.g. C.UTF-8).`);
  }
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
