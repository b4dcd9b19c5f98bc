import type { Worker } from 'node:worker_threads';
import { moduleBeside, startWorker } from '../lib/worker-pool';

export type PgliteRequest =
  | { kind: 'open'; dataDir?: string; copyOf?: string }
  | { kind: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; textTypes: number[] }
  | { kind: 'dump'; file: string }
  | { kind: 'close' };
export type PgliteResults = { rows: unknown[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[] };
export type PgliteFailure = {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
};
export type PgliteReply = { id: number; ok: true; value: PgliteResults | null } | { id: number; ok: false; error: PgliteFailure };

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

/** The part of PGlite's client that Drizzle's PGlite driver calls. */
export type PgliteClient = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults>;
  transaction<T>(run: (tx: PgliteClient) => Promise<T>): Promise<T>;
};

/** A query PostgreSQL refused, with its SQLSTATE (`code`) and the fields it gave. */
export class PgliteQueryError extends Error {
  readonly code?: string;
  readonly detail?: string;
  readonly constraint?: string;
  constructor(failure: PgliteFailure) {
    super(failure.message);
    this.name = 'DatabaseError';
    Object.assign(this, failure);
  }
}

type Pending = { resolve: (value: PgliteResults | null) => void; reject: (reason: Error) => void };

/**
 * PGlite in a worker thread. PGlite runs each query to its end on the thread that calls it: on the server's own
 * thread a trigram search over 100,000 products holds every other request (and the timers that would refuse them)
 * for as long as it runs. Here the server's thread only passes messages; the database still runs one statement at a
 * time, and a transaction has it to itself from BEGIN to COMMIT, as PGlite's own client gives it.
 */
export class PgliteThread implements PgliteClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Settles when the statement or transaction that has the database lets it go. */
  #turn: Promise<unknown> = Promise.resolve();
  #stopped: Error | null = null;

  private constructor() {
    this.#worker = startWorker(moduleBeside('pglite-worker', import.meta.url));
    this.#worker.unref();
    this.#worker.on('message', (reply: PgliteReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#settled(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new PgliteQueryError(reply.error));
    });
    this.#worker.on('error', (err) => this.#stop(err));
    this.#worker.on('exit', (code) => this.#stop(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /**
   * Opens the database in `dataDir`, or in memory when it is undefined; with `copyOf`, a new one that starts as the
   * data directory `dumpTo` wrote to that file.
   */
  static async open(dataDir?: string, copyOf?: string): Promise<PgliteThread> {
    const thread = new PgliteThread();
    try {
      await thread.#send({ kind: 'open', dataDir, copyOf });
    } catch (err) {
      await thread.#worker.terminate();
      throw err;
    }
    return thread;
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<PgliteResults> {
    return this.#exclusive(() => this.#query(sql, params, options));
  }

  transaction<T>(run: (tx: PgliteClient) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      const tx: PgliteClient = {
        query: (sql, params = [], options = {}) => this.#query(sql, params, options),
        transaction: () => Promise.reject(new Error('a transaction inside a transaction takes a savepoint')),
      };
      await this.#query('BEGIN', [], {});
      try {
        const result = await run(tx);
        await this.#query('COMMIT', [], {});
        return result;
      } catch (err) {
        await this.#query('ROLLBACK', [], {}).catch(() => undefined);
        throw err;
      }
    });
  }

  /** Writes the whole data directory to `file` (an uncompressed tarball), once every statement before has finished. */
  async dumpTo(file: string): Promise<void> {
    await this.#exclusive(() => this.#send({ kind: 'dump', file }));
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#exclusive(() => this.#send({ kind: 'close' }));
    this.#stopped ??= new Error('the database is closed');
    await this.#worker.terminate();
  }

  #query(sql: string, params: unknown[], { rowMode = 'object', parsers = {} }: QueryOptions): Promise<PgliteResults> {
    return this.#send({ kind: 'query', sql, params, rowMode, textTypes: Object.keys(parsers).map(Number) }) as Promise<PgliteResults>;
  }

  /** Runs `work` once every statement and transaction asked for before it has finished. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#turn.then(work);
    this.#turn = result.catch(() => undefined);
    return result;
  }

  /** Queries sent to the thread and not yet answered: the one running and those waiting behind it. */
  get inFlight(): number {
    return this.#pending.size;
  }

  #send(request: PgliteRequest): Promise<PgliteResults | null> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    // The thread keeps the process alive only while it owes an answer, so a script that has finished can exit.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ id, request });
      } catch (err) {
        this.#settled(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const [id, pending] of this.#pending) {
      this.#settled(id);
      pending.reject(reason);
    }
  }
}
