import pg from 'pg';
import { PROCESS_ID } from './scheduled-jobs';

/**
 * Tells every server process that shared data (the catalogue, orders, refunds) changed, so each drops what it keeps
 * in memory about it. `announce` runs this process's listeners at once, before the answer leaves, and tells the others.
 */
export type ChangeFeed = {
  announce(): void;
  onChange(listener: () => void): void;
  close(): Promise<void>;
};

/** One process (PGlite): nobody else to tell. */
export function localChangeFeed(): ChangeFeed {
  const listeners: (() => void)[] = [];
  return {
    announce: () => listeners.forEach((listener) => listener()),
    onChange: (listener) => void listeners.push(listener),
    close: async () => {},
  };
}

export const CHANGES_CHANNEL = 'haat_changes';
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL LISTEN/NOTIFY on a connection of its own: a notice reaches every listening process within milliseconds
 * of the write, with no service beside the database. Notices are not kept for a process that is not listening, so
 * after a lost connection the process reconnects and drops its caches once, as if told (it may have missed some).
 * A burst of writes sends one notice at a time and one more after it, not one per write.
 */
export async function postgresChangeFeed(url: string, onError: (error: unknown) => void): Promise<ChangeFeed> {
  const listeners: (() => void)[] = [];
  const tellListeners = () => listeners.forEach((listener) => listener());
  let client: pg.Client | null = null;
  let closed = false;
  let sending = false;
  let sendAgain = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== PROCESS_ID) tellListeners();
    });
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      if (error) onError(error);
      next.end().catch(() => {});
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = next;
  };
  const reconnect = async () => {
    try {
      await connect();
      tellListeners();
    } catch (error) {
      onError(error);
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  };

  const send = async () => {
    sending = true;
    try {
      do {
        sendAgain = false;
        await client?.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, PROCESS_ID]);
      } while (sendAgain && !closed);
    } catch (error) {
      // The others drop the answer when its time runs out (LIST_CACHE_SECONDS).
      onError(error);
    } finally {
      sending = false;
    }
  };

  await connect();
  return {
    announce() {
      tellListeners();
      if (sending) sendAgain = true;
      else void send();
    },
    onChange: (listener) => void listeners.push(listener),
    async close() {
      closed = true;
      const last = client;
      client = null;
      await last?.end();
    },
  };
}
