import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/schema';

/** How long a claimed round may run without its holder renewing the claim; a dead holder's round is taken over after it. */
export const JOB_LEASE_MS = 60_000;
const RENEW_MS = JOB_LEASE_MS / 3;
/** How often each process looks whether a round is due: a fraction of the interval, so a round is late by little. */
const lookEvery = (intervalMs: number) => Math.min(15_000, Math.max(100, Math.floor(intervalMs / 4)));

/** This process among all those sharing the database, as it appears in `scheduled_jobs.holder`. */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

const ms = (value: number) => sql`make_interval(secs => ${value / 1000})`;

/**
 * Claims the job's round when it is due and nobody holds it: one conditional UPDATE, so of any number of processes
 * asking at once exactly one gets it. Times are the database's, so processes on machines with skewed clocks agree.
 */
async function claimRound(db: Db, name: string, intervalMs: number, holder: string): Promise<boolean> {
  await db
    .insert(scheduledJobs)
    .values({ name, nextRunAt: sql`now()` })
    .onConflictDoNothing();
  const claimed = await db
    .update(scheduledJobs)
    .set({
      holder,
      leaseUntil: sql`now() + ${ms(JOB_LEASE_MS)}`,
      nextRunAt: sql`now() + ${ms(intervalMs)}`,
      runs: sql`${scheduledJobs.runs} + 1`,
      lastStartedAt: sql`now()`,
    })
    .where(
      and(
        eq(scheduledJobs.name, name),
        lte(scheduledJobs.nextRunAt, sql`now()`),
        or(isNull(scheduledJobs.leaseUntil), lt(scheduledJobs.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

const ours = (name: string, holder: string) => and(eq(scheduledJobs.name, name), eq(scheduledJobs.holder, holder));

/**
 * Runs `run` every `intervalMs` once across every process sharing `db`: each process looks often, and only the one
 * that claims the due round runs it (see `claimRound`). While it runs its holder renews the claim; when it ends the
 * claim is let go, so if this process stops another runs the next round. Answers a function that stops looking and
 * waits for a round in progress. `intervalMs` 0: never.
 */
export function scheduleJob(
  db: Db,
  {
    name,
    intervalMs,
    run,
    onError,
    holder = PROCESS_ID,
  }: { name: string; intervalMs: number; run: () => Promise<unknown>; onError: (error: unknown) => void; holder?: string },
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let round: Promise<void> | null = null;
  let stopped = false;

  const runRound = async () => {
    if (!(await claimRound(db, name, intervalMs, holder))) return;
    const renew = setInterval(() => {
      db.update(scheduledJobs)
        .set({ leaseUntil: sql`now() + ${ms(JOB_LEASE_MS)}` })
        .where(ours(name, holder))
        .catch(onError);
    }, RENEW_MS);
    try {
      await run();
    } finally {
      clearInterval(renew);
      await db.update(scheduledJobs).set({ leaseUntil: null }).where(ours(name, holder));
    }
  };

  const timer = setInterval(() => {
    if (round || stopped) return;
    round = runRound()
      .catch(onError)
      .finally(() => (round = null));
  }, lookEvery(intervalMs));
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
  };
}
