import { boundedCache } from '../lib/bounded-cache';
import { apiMessage } from '../../contract/api-messages';
import { AbandonedError, ClientBusyError, limiter, LimiterBusyError } from '../lib/limiter';
import { HttpError } from './errors';

/** Memory the product list cache may hold, keys and answers together. */
export const LIST_CACHE_BYTES = 32 * 1024 * 1024;
/** An answer bigger than this is sent but not kept: a few of them would otherwise push out every other list. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** What a Map entry and its bookkeeping cost beside the strings themselves. */
const ENTRY_OVERHEAD_BYTES = 128;
/**
 * Answers computed at once, and waiting to be. PGlite runs one query at a time on the main thread: without a bound, a
 * flood of distinct uncached lists would queue there ahead of every other request (checkouts included), and keep
 * running after their clients gave up.
 */
const COMPUTING_MAX = 4;
const WAITING_MAX = 128;
/**
 * One client's share: it computes at most this many at once and keeps at most this many waiting (beyond: 429), and
 * turns go round the clients, so a client asking for hundreds of lists at once waits behind itself, not others.
 */
const CLIENT_COMPUTING_MAX = 2;
const CLIENT_WAITING_MAX = 8;
/** A list that waited this long is answered 503 at once rather than left to reach the client's time-out. */
const WAIT_MAX_MS = 2_000;
const BUSY = 'The shop is busy right now. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 2;

/**
 * Serialized answers of hot public GETs, kept for a short time and bounded in bytes (least recently used out), so
 * no mix of distinct queries can grow the heap past the bound. Concurrent misses for the same key share one
 * computation; at most COMPUTING_MAX run at once and WAITING_MAX wait, each for WAIT_MAX_MS at most (beyond: 503 with
 * Retry-After), and a waiting one whose client has gone (`abandoned`) is not computed. Each client (`client`, its
 * address) gets a fair share of the computing: CLIENT_COMPUTING_MAX at once, CLIENT_WAITING_MAX waiting (beyond: 429). `clear()` drops everything at once when the data behind the
 * answers changes. The time limit bounds staleness where several server processes share a database and only one of
 * them saw the write.
 */
export type ResponseCache = {
  get(key: string, produce: () => Promise<unknown>, turn?: { client?: string; abandoned?: () => boolean }): Promise<string>;
  clear(): void;
  /** Answers given from memory (kept, or being computed for another request) and answers computed, since the start. */
  readonly hits: number;
  readonly misses: number;
};

/** A string's size in V8's heap at most: two bytes a character once it holds anything beyond Latin-1 (Bangla does). */
const stringBytes = (text: string) => text.length * 2;

export function responseCache({ ttlMs, maxBytes = LIST_CACHE_BYTES }: { ttlMs: number; maxBytes?: number }): ResponseCache {
  const answers = boundedCache<{ expires: number; body: string }>({ maxBytes, maxEntryBytes: Math.min(MAX_ANSWER_BYTES, maxBytes) });
  /** Answers being computed; as many as requests in flight, each dropped when it settles. */
  const computing = new Map<string, Promise<string>>();
  const turns = limiter({
    concurrency: COMPUTING_MAX,
    maxWaiting: WAITING_MAX,
    maxWaitMs: WAIT_MAX_MS,
    perClient: { concurrency: CLIENT_COMPUTING_MAX, maxWaiting: CLIENT_WAITING_MAX },
  });
  let generation = 0;
  let hits = 0;
  let misses = 0;
  return {
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    get(key, produce, turn) {
      const now = Date.now();
      const hit = answers.get(key);
      const pending = hit && hit.expires > now ? Promise.resolve(hit.body) : computing.get(key);
      if (pending) {
        hits += 1;
        return pending;
      }
      misses += 1;
      const startedIn = generation;
      const body = turns.run(produce, turn).then(
        (value) => JSON.stringify(value),
        (err: unknown) => {
          if (err instanceof ClientBusyError) throw new HttpError(429, apiMessage('tooManyRequests'), undefined, RETRY_AFTER_SECONDS);
          if (err instanceof LimiterBusyError || err instanceof AbandonedError) throw new HttpError(503, BUSY, undefined, RETRY_AFTER_SECONDS);
          throw err;
        },
      );
      computing.set(key, body);
      const settle = () => {
        if (computing.get(key) === body) computing.delete(key);
      };
      body.then((text) => {
        settle();
        // Computed from data a write has since changed: serve it to those who asked, keep it for nobody.
        if (generation === startedIn && ttlMs > 0)
          answers.set(key, { expires: now + ttlMs, body: text }, stringBytes(key) + stringBytes(text) + ENTRY_OVERHEAD_BYTES);
      }, settle);
      return body;
    },
    clear() {
      generation += 1;
      computing.clear();
      answers.clear();
    },
  };
}
