import { sql } from 'drizzle-orm';
import { migrationsApplied, type Db } from '../../db/client';

export type Readiness = { database: 'up' | 'down'; migrations: 'applied' | 'pending' | 'unknown' };

/** A database that does not answer within this long counts as down: a balancer's probe must not hang. */
const DATABASE_TIMEOUT_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether this server can take requests: the database answers and has every migration of this build. */
export async function readiness(db: Db): Promise<Readiness> {
  try {
    await within(DATABASE_TIMEOUT_MS, db.execute(sql`select 1`));
  } catch {
    return { database: 'down', migrations: 'unknown' };
  }
  const applied = await within(DATABASE_TIMEOUT_MS, migrationsApplied(db)).catch(() => false);
  return { database: 'up', migrations: applied ? 'applied' : 'pending' };
}
