import { writeFileSync } from 'node:fs';
import { serveJobs } from './worker-pool';

/** The worker the pool's tests run: waits, answers, fails or dies as each job asks; `doneFile` is written at its end. */
export type TestJob = { value: number; waitMs?: number; fail?: boolean; exit?: boolean; doneFile?: string };

serveJobs<TestJob, number>(async (job) => {
  if (job.exit) process.exit(3);
  if (job.waitMs) await new Promise((resolve) => setTimeout(resolve, job.waitMs));
  if (job.doneFile) writeFileSync(job.doneFile, String(job.value));
  if (job.fail) throw new Error(`job ${job.value} failed`);
  return job.value * 2;
});
