import type { ClientErrorEvent, ClientEvent } from '@contract/client-events';
import { CLIENT_EVENTS_MAX, CLIENT_EVENTS_MAX_BYTES } from '@contract/vitals';
import type { CaughtError } from '@/lib/client-errors';

/** What the reporter sends with and decides by; the browser's own in `browserReporterOptions`, fakes in tests. */
export type ReporterOptions = {
  /** Share of page loads that report anything (0–1), decided once per page load so a page's figures travel together. */
  sampleRate: number;
  random: () => number;
  /** Events wait this long for others to share their request. */
  flushDelayMs: number;
  /** Events held at most (offline, or waiting): the oldest are dropped beyond. */
  maxQueued: number;
  /** POSTs one batch; resolves true when the server took it or refused it for good, false to try again later. */
  post: (body: string) => Promise<boolean>;
  /** navigator.sendBeacon: the one way a page being hidden or closed still gets its batch out. */
  beacon: (body: string) => boolean;
  isOnline: () => boolean;
};

export type Reporter = {
  add: (event: ClientEvent) => void;
  /** Sends what waits, in batches, now (nothing while offline). */
  flush: () => Promise<void>;
  /** The page is hidden (maybe for good): everything waiting goes by beacon. */
  flushOnHide: () => void;
  readonly queued: readonly ClientEvent[];
  readonly sampled: boolean;
};

/** Cuts the queue's front into a batch within the API's count and byte limits (an event too big on its own is dropped). */
function takeBatch(queue: ClientEvent[]): string | null {
  const batch: ClientEvent[] = [];
  let bytes = 2;
  while (queue.length > 0 && batch.length < CLIENT_EVENTS_MAX) {
    const size = new TextEncoder().encode(JSON.stringify(queue[0])).length + 1;
    if (size + 2 > CLIENT_EVENTS_MAX_BYTES) {
      queue.shift();
      continue;
    }
    if (bytes + size > CLIENT_EVENTS_MAX_BYTES) break;
    batch.push(queue.shift()!);
    bytes += size;
  }
  return batch.length > 0 ? JSON.stringify(batch) : null;
}

/**
 * Collects the page's errors and web vitals and sends them to `POST /api/client-events` in batches: after a short
 * wait, when a batch is full, and by beacon when the page is hidden. Offline they wait (bounded) for the connection.
 */
export function createReporter(options: ReporterOptions): Reporter {
  const sampled = options.random() < options.sampleRate;
  const queue: ClientEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | null = null;

  const schedule = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, options.flushDelayMs);
  };

  const flush = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    sending ??= (async () => {
      while (queue.length > 0 && options.isOnline()) {
        const held = [...queue];
        const body = takeBatch(queue);
        if (body === null) break;
        const delivered = await options.post(body).catch(() => false);
        if (!delivered) {
          // Put back as it was, and try again with the next event, the next flush or the connection's return.
          queue.splice(0, queue.length, ...held.slice(-options.maxQueued));
          break;
        }
      }
    })().finally(() => {
      sending = null;
    });
    return sending;
  };

  return {
    get queued() {
      return queue;
    },
    sampled,
    add(event) {
      if (!sampled) return;
      queue.push(event);
      if (queue.length > options.maxQueued) queue.splice(0, queue.length - options.maxQueued);
      if (queue.length >= CLIENT_EVENTS_MAX) void flush();
      else schedule();
    },
    flush,
    flushOnHide() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      // Offline a beacon would be lost: the events stay for when the page is shown again online.
      if (!options.isOnline()) return;
      while (queue.length > 0) {
        const held = [...queue];
        const body = takeBatch(queue);
        if (body === null) return;
        if (!options.beacon(body)) {
          queue.splice(0, queue.length, ...held);
          return;
        }
      }
    },
  };
}

/** Keeps what a report needs of a message or stack and nothing personal: no query or fragment, emails, long numbers, tokens. */
export function scrub(text: string): string {
  return text
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#)'"]*)[?#][^\s)'"]*/gi, '$1')
    .replace(/[^\s@/:()'"<>]+@[^\s@/:()'"<>]+\.[a-z]{2,}/gi, '[email]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]')
    .replace(/[A-Za-z0-9_-]{32,}/g, (run) => (/^[a-z-]+$/i.test(run) ? run : '[token]'))
    .replace(/\+?\d[\d -]{5,}\d/g, (run) => (run.replace(/\D/g, '').length >= 7 ? '[number]' : run));
}

const MESSAGE_MAX = 1000;
const STACK_MAX = 8000;

/** An error as the API takes it: its name and message, its stack, the route pattern and the build. */
export function errorEvent({ kind, error, route }: CaughtError, buildId: string): ClientErrorEvent {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : 'Non-error thrown';
  const stack = error instanceof Error && typeof error.stack === 'string' ? scrub(error.stack).slice(0, STACK_MAX) : undefined;
  return {
    type: 'error',
    kind,
    message: scrub(message).slice(0, MESSAGE_MAX) || 'Error',
    ...(stack ? { stack } : {}),
    route,
    buildId,
  };
}
