import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pgErrorCode } from '../db/pg-errors';

/** PostgreSQL's code for a database other sessions are using, which CREATE DATABASE refuses to copy. */
const OBJECT_IN_USE = '55006';
/** Tries of a copy; PostgreSQL itself waits up to 5 s for the other sessions to leave before refusing one. */
const COPY_ATTEMPTS = 3;

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export type CreatedDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * A new database on the PostgreSQL server at `serverUrl` (named `<prefix>_<random>`): empty, or a copy of the
 * database `template` (see `closeToSessions`). Answers its name, its address, and its drop.
 */
export async function createDatabaseOn(serverUrl: string, prefix: string, { template }: { template?: string } = {}): Promise<CreatedDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, async (client) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
        return;
      } catch (error) {
        if (!template || attempt >= COPY_ATTEMPTS || pgErrorCode(error) !== OBJECT_IN_USE) throw error;
      }
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Refuses new sessions to the database `name` and ends those still open: PostgreSQL copies a database (CREATE DATABASE
 * … TEMPLATE) only while nobody else is connected to it, so a template stays closed from then on.
 */
export async function closeToSessions(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
  });
}
