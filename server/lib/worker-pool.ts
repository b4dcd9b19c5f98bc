import { createRequire } from 'node:module';
import { readlinkSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/**
 * A few worker threads for CPU-heavy jobs (PDF invoices, font cuts), so the event loop stays free for every other
 * request. At most `size` jobs run at once and at most `maxWaiting` wait; beyond that `run` refuses at once with
 * PoolBusyError, so a burst of heavy requests is told to come back instead of queueing without end. A job that takes
 * longer than `timeoutMs` fails at once and a fresh worker takes its place.
 *
 * A worker is ended only while it is idle: Node.js aborts the whole process when a worker is terminated between
 * creating a zlib stream and initialising it, which the compression in PDFs and fonts does all the time. A worker
 * whose job failed on time, or that is busy when the pool closes, is ended as soon as it answers, or after another
 * `timeoutMs` if it never does (then it is stuck, not compressing).
 */
export type WorkerPool<I, O> = {
  /** `timeoutMs`: this job's own limit instead of the pool's. */
  run(input: I, timeoutMs?: number): Promise<O>;
  /** Jobs queued, not yet started. */
  readonly waiting: number;
  close(): Promise<void>;
};

export class PoolBusyError extends Error {}

type Job<I, O> = { input: I; timeoutMs: number; resolve: (value: O) => void; reject: (reason: Error) => void };
type Reply<O> = { ok: true; value: O } | { ok: false; message: string };
type Slot<I, O> = { worker: Worker; job: Job<I, O> | null; timer?: NodeJS.Timeout };

/**
 * The worker module `name` beside the module at `base` (its `import.meta.url`), in that module's own form: `name.ts`
 * where the server runs from its sources, `name.js` in its build.
 */
export function moduleBeside(name: string, base: string): URL {
  return new URL(`./${name}${extname(new URL(base).pathname)}`, base);
}

/**
 * A worker thread running `script`. A TypeScript module (the sources, in development and tests) runs through tsx's
 * loader, registered inside the worker before the module loads: `--import tsx` on the server's command line does not
 * apply to a worker's entry module. The build's JavaScript runs as it is.
 */
export function startWorker(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script);
  const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`, {
    eval: true,
  });
}

/** Worker threads to run beside the main one: one per spare core, at least one, at most `cap`. */
export function spareCores(cap: number): number {
  return Math.max(1, Math.min(cap, availableParallelism() - 1));
}

export function workerPool<I, O>({
  script,
  size,
  maxWaiting,
  timeoutMs,
}: {
  /** The worker's module (see startWorker). */
  script: URL;
  size: number;
  maxWaiting: number;
  timeoutMs: number;
}): WorkerPool<I, O> {
  const slots: Slot<I, O>[] = [];
  const queue: Job<I, O>[] = [];
  /** Workers taken out of service, each ended when it next answers or when its grace runs out. */
  const leaving = new Map<Worker, Promise<void>>();
  let closed = false;

  const finish = (slot: Slot<I, O>) => {
    clearTimeout(slot.timer);
    const { job } = slot;
    slot.job = null;
    return job;
  };

  const end = (worker: Worker): Promise<void> => worker.terminate().then(() => undefined);

  /** Takes `slot` out of service and fails its job; the worker ends once idle, or after a grace if it stays busy. */
  const retire = (slot: Slot<I, O>, reason: Error): Promise<void> => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    const job = finish(slot);
    job?.reject(reason);
    const { worker } = slot;
    let ending = leaving.get(worker);
    if (!ending) {
      ending = job
        ? new Promise<void>((resolve) => {
            const grace = setTimeout(() => void end(worker).then(resolve), timeoutMs);
            worker.once('message', () => {
              clearTimeout(grace);
              void end(worker).then(resolve);
            });
            worker.once('exit', () => {
              clearTimeout(grace);
              resolve();
            });
          })
        : end(worker);
      leaving.set(worker, ending);
      void ending.then(() => leaving.delete(worker));
    }
    dispatch();
    return ending;
  };

  const spawn = (): Slot<I, O> => {
    const worker = startWorker(script);
    const slot: Slot<I, O> = { worker, job: null };
    worker.on('message', (reply: Reply<O>) => {
      if (!slots.includes(slot)) return;
      const job = finish(slot);
      if (reply.ok) job?.resolve(reply.value);
      else job?.reject(new Error(reply.message));
      dispatch();
    });
    worker.on('error', (err) => void retire(slot, err));
    worker.on('exit', (code) => {
      if (slots.includes(slot)) void retire(slot, new Error(`worker exited with code ${code}`));
    });
    slots.push(slot);
    return slot;
  };

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => s.job === null) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => void retire(slot, new Error(`job took longer than ${job.timeoutMs} ms`)), job.timeoutMs);
      slot.worker.postMessage(job.input);
    }
  }

  return {
    run(input, jobTimeoutMs = timeoutMs) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      const running = slots.filter((s) => s.job !== null).length;
      if (running >= size && queue.length >= maxWaiting) return Promise.reject(new PoolBusyError('too many jobs waiting'));
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, timeoutMs: jobTimeoutMs, resolve, reject });
        dispatch();
      });
    },
    get waiting() {
      return queue.length;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the worker pool is closed'));
      for (const slot of [...slots]) void retire(slot, new Error('the worker pool is closed'));
      await Promise.all(leaving.values());
    },
  };
}

/**
 * Lowers this thread's scheduling priority (nice 10), so on a busy machine the main thread, which answers every
 * request, gets the CPU before the background job. Linux gives each thread its own nice value; elsewhere this is
 * skipped.
 */
function yieldToMainThread(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the job runs at normal priority.
  }
}

/** In a worker's module: answers each job posted to this thread with `handle`'s result. */
export function serveJobs<I, O>(handle: (input: I) => Promise<O>): void {
  if (isMainThread || !parentPort) throw new Error('serveJobs runs in a worker thread');
  yieldToMainThread();
  const port = parentPort;
  port.on('message', (input: I) => {
    handle(input).then(
      (value) => port.postMessage({ ok: true, value } satisfies Reply<O>),
      (err: unknown) => port.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies Reply<O>),
    );
  });
}
