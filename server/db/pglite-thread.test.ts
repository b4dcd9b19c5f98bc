import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDatabase } from './client';

/** The longest the server's own thread went without running a timer while `work` ran. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work;
  } finally {
    clearInterval(ticker);
  }
  return Math.max(longest, performance.now() - last);
}

describe('PGlite on its own thread', () => {
  let database: PgliteDatabase;
  /** The rows a statement answers; the driver-independent Db type leaves the result's shape open. */
  const rowsOf = async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  beforeAll(async () => {
    database = await openPglite();
    await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
  });
  afterAll(() => database.close());

  it('leaves the server thread free while a long query runs', async () => {
    const started = performance.now();
    const stall = await longestStall(database.db.execute(sql`select count(*) from generate_series(1, 6000000) as n where n % 7 = 3`));
    const took = performance.now() - started;
    // On the server's thread the longest stall would be the whole query; here the timers kept running all the while. A
    // machine busy with other test files may hold this thread back for a while (once 0.9 s of a 2.8 s query), never
    // for most of the query.
    expect(took).toBeGreaterThan(300);
    expect(stall).toBeLessThan(took / 2);
  });

  it('gives a transaction the database to itself: a statement sent meanwhile waits for the commit', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (1, 'first')`);
      inside();
      await held;
      await tx.execute(sql`update notes set body = 'committed' where id = 1`);
    });
    await entered;
    const outside = rowsOf(sql`select body from notes where id = 1`);
    release();
    await transaction;
    expect(await outside).toEqual([{ body: 'committed' }]);
  });

  it('rolls a failed transaction back and passes PostgreSQL’s error code on', async () => {
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (2, 'kept only if all goes well')`);
        await tx.execute(sql`insert into notes values (1, 'a duplicate id')`);
      })
      .catch((err: unknown) => err);
    // Drizzle wraps the driver's error; the SQLSTATE of a unique violation is on the driver's.
    expect(failed).toMatchObject({ cause: { code: '23505', constraint: 'notes_pkey' } });
    expect(await rowsOf(sql`select id from notes order by id`)).toEqual([{ id: 1 }]);
  });

  it('keeps savepoints inside a transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (3, 'outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into notes values (4, 'inner')`);
          throw new Error('the inner part fails');
        })
        .catch(() => undefined);
    });
    expect(await rowsOf(sql`select id from notes order by id`)).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('starts a copy as the dumped data directory was, and each changes apart from the other', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'haat-dump-'));
    const file = join(dir, 'pglite.tar');
    const copy = await database.dumpTo(file).then(() => openPglite(undefined, { copyOf: file }));
    try {
      const notesOf = async (db: PgliteDatabase) => ((await db.db.execute(sql`select id from notes order by id`)) as unknown as { rows: unknown[] }).rows;
      expect(await notesOf(copy)).toEqual(await rowsOf(sql`select id from notes order by id`));
      await copy.db.execute(sql`insert into notes values (100, 'only in the copy')`);
      await database.db.execute(sql`insert into notes values (101, 'only in the first')`);
      expect(await notesOf(copy)).toContainEqual({ id: 100 });
      expect(await notesOf(copy)).not.toContainEqual({ id: 101 });
      expect(await rowsOf(sql`select id from notes where id >= 100`)).toEqual([{ id: 101 }]);
    } finally {
      await copy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses statements once closed', async () => {
    const other = await openPglite();
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
