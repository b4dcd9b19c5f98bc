/**
 * One migrated database per test run, which every API test file's database is copied from (`openTestDatabase` in
 * harness.ts): a copy opens in a fraction of the time that creating and migrating a database takes. Vitest runs this
 * module as the server test projects' global setup, in its main process, before any test file. The copy's source is
 * named in environment variables, so the processes the tests start (serve-test-app.ts) copy it too: on PGlite, the file
 * PGlite dumped its migrated data directory to; with DATABASE_URL, a migrated database on that server that nobody may
 * connect to. It is made anew each run, so it always has the migrations of the code under test, and removed when the
 * run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../db/client';
import { closeToSessions, createDatabaseOn } from './databases';

/** The file of a migrated PGlite data directory (`openPglite`'s `copyOf`). */
const PGLITE_TEMPLATE = 'HAAT_TEST_PGLITE_TEMPLATE';
/** The name of a migrated database on the server of DATABASE_URL (`createDatabaseOn`'s `template`). */
const POSTGRES_TEMPLATE = 'HAAT_TEST_POSTGRES_TEMPLATE';

/** The migrated database this run's test databases are copies of, when the global setup has made one. */
export function databaseTemplate(): { pglite?: string; postgres?: string } {
  return { pglite: process.env[PGLITE_TEMPLATE] || undefined, postgres: process.env[POSTGRES_TEMPLATE] || undefined };
}

type Template = { env: Record<string, string>; remove(): Promise<void> };

async function pgliteTemplate(): Promise<Template> {
  const dir = mkdtempSync(join(tmpdir(), 'haat-template-'));
  const file = join(dir, 'pglite.tar');
  try {
    const database = await openPglite();
    try {
      await database.migrate();
      await database.dumpTo(file);
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { env: { [PGLITE_TEMPLATE]: file }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTemplate(serverUrl: string): Promise<Template> {
  const created = await createDatabaseOn(serverUrl, 'haat_template');
  try {
    const database = await openPostgres(created.url);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await closeToSessions(serverUrl, created.name);
  } catch (error) {
    await created.drop();
    throw error;
  }
  return { env: { [POSTGRES_TEMPLATE]: created.name }, remove: created.drop };
}

// Each server test project runs this setup in the same process: the first makes the template, the last to end removes it.
const SHARED = Symbol.for('haat.test-database-template');
type Shared = { making: Promise<Template>; projects: number };
const registry = globalThis as typeof globalThis & { [SHARED]?: Shared };

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  const shared = (registry[SHARED] ??= { making: serverUrl ? postgresTemplate(serverUrl) : pgliteTemplate(), projects: 0 });
  shared.projects += 1;
  const template = await shared.making;
  Object.assign(process.env, template.env);
  return async () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    delete registry[SHARED];
    for (const name of Object.keys(template.env)) delete process.env[name];
    await template.remove();
  };
}
