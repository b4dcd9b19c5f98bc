import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEvent } from '@contract/client-events';
import { clientEventsSchema } from '@contract/client-events';
import { CLIENT_EVENTS_MAX } from '@contract/vitals';
import { createReporter, errorEvent, scrub, type ReporterOptions } from './reporter';
import { connectionOf, servedByOf } from './vitals';

const vital = (value: number): ClientEvent => ({
  type: 'vital',
  name: 'LCP',
  value,
  route: '/products/$id',
  connection: '4g',
  saveData: false,
  servedBy: 'ssr',
});

let online = true;
const posted: ClientEvent[][] = [];
const beaconed: ClientEvent[][] = [];

function reporter(overrides: Partial<ReporterOptions> = {}) {
  return createReporter({
    sampleRate: 1,
    random: () => 0.5,
    flushDelayMs: 10_000,
    maxQueued: 100,
    post: async (body) => {
      posted.push(JSON.parse(body) as ClientEvent[]);
      return true;
    },
    beacon: (body) => {
      beaconed.push(JSON.parse(body) as ClientEvent[]);
      return true;
    },
    isOnline: () => online,
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  posted.length = 0;
  beaconed.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the client-events reporter', () => {
  it('sends events together after a short wait, in one batch the API accepts', async () => {
    const events = reporter();
    events.add(vital(1200));
    events.add(vital(1300));
    expect(posted).toEqual([]);

    await vi.advanceTimersByTimeAsync(10_000);

    expect(posted).toEqual([[vital(1200), vital(1300)]]);
    expect(clientEventsSchema.safeParse(posted[0]).success).toBe(true);
    expect(events.queued).toEqual([]);
  });

  it('sends at once when a batch is full, never more in one than the API takes', async () => {
    const events = reporter();
    for (let i = 0; i < CLIENT_EVENTS_MAX + 5; i++) events.add(vital(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(posted.map((batch) => batch.length)).toEqual([CLIENT_EVENTS_MAX, 5]);
    expect(posted.flat().map((event) => (event as { value: number }).value)).toEqual([...Array(CLIENT_EVENTS_MAX + 5).keys()]);
  });

  it('reports from a sampled share of page loads: all at rate 1, none of a load outside the rate', async () => {
    expect(reporter({ sampleRate: 1, random: () => 0.999 }).sampled).toBe(true);
    const unsampled = reporter({ sampleRate: 0.1, random: () => 0.1 });
    expect(unsampled.sampled).toBe(false);
    unsampled.add(vital(1));
    unsampled.flushOnHide();
    await vi.advanceTimersByTimeAsync(10_000);
    expect([...posted, ...beaconed]).toEqual([]);
    expect(reporter({ sampleRate: 0.1, random: () => 0.05 }).sampled).toBe(true);
  });

  it('sends what waits by beacon when the page is hidden, and nothing twice', async () => {
    const events = reporter();
    events.add(vital(2400));
    events.flushOnHide();
    expect(beaconed).toEqual([[vital(2400)]]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(posted).toEqual([]);
  });

  it('keeps events while offline, at most maxQueued (the newest), and sends them when the connection returns', async () => {
    online = false;
    const events = reporter({ maxQueued: 3 });
    for (const value of [1, 2, 3, 4, 5]) events.add(vital(value));
    events.flushOnHide();
    await vi.advanceTimersByTimeAsync(10_000);
    expect([...posted, ...beaconed]).toEqual([]);
    expect(events.queued).toEqual([vital(3), vital(4), vital(5)]);

    online = true;
    await events.flush();
    expect(posted).toEqual([[vital(3), vital(4), vital(5)]]);
  });

  it('keeps a batch the server could not take (5xx, network) for the next try, still bounded', async () => {
    let accept = false;
    const events = reporter({
      maxQueued: 2,
      post: async (body) => {
        if (accept) posted.push(JSON.parse(body) as ClientEvent[]);
        return accept;
      },
    });
    events.add(vital(1));
    await events.flush();
    events.add(vital(2));
    events.add(vital(3));
    accept = true;
    await events.flush();
    expect(posted).toEqual([[vital(2), vital(3)]]);
  });

  it('keeps events a refused beacon could not take', () => {
    const events = reporter({ beacon: () => false });
    events.add(vital(1));
    events.flushOnHide();
    expect(events.queued).toEqual([vital(1)]);
  });
});

describe('what an error report carries', () => {
  it('the error, its stack, the route pattern and the build, and nothing personal', () => {
    const error = new TypeError('Cannot read price of order for rahim@example.com, phone 01712345678, token eyJhbGciOi.eyJzdWIiOiIx.c2lnbmF0dXJl');
    error.stack = `TypeError: ...\n    at render (https://haat.example/assets/checkout-Ab12.js?v=1#x:1:200)\n    at https://haat.example/reset-password?token=${'a1'.repeat(20)}`;
    const event = errorEvent({ kind: 'boundary', error, route: '/checkout' }, 'b4f1c2d3e5a6');

    expect(event).toEqual({
      type: 'error',
      kind: 'boundary',
      message: 'TypeError: Cannot read price of order for [email], phone [number], token [token]',
      stack: 'TypeError: ...\n    at render (https://haat.example/assets/checkout-Ab12.js)\n    at https://haat.example/reset-password',
      route: '/checkout',
      buildId: 'b4f1c2d3e5a6',
    });
    expect(clientEventsSchema.safeParse([event]).success).toBe(true);
  });

  it('cuts long messages and stacks to what the API takes, and names what was thrown when it was not an Error', () => {
    const error = new Error('x'.repeat(5000));
    error.stack = 'y '.repeat(6000);
    const event = errorEvent({ kind: 'error', error, route: '/' }, 'build');
    expect(event.message.length).toBe(1000);
    expect(event.stack!.length).toBe(8000);
    expect(errorEvent({ kind: 'unhandledrejection', error: { code: 1 }, route: '/' }, 'build').message).toBe('Non-error thrown');
    expect(clientEventsSchema.safeParse([event]).success).toBe(true);
  });

  it('scrubs addresses to their path, and leaves short numbers and words alone', () => {
    expect(scrub('GET https://haat.example/api/orders?phone=017#top failed: 404 after 3 tries')).toBe(
      'GET https://haat.example/api/orders failed: 404 after 3 tries',
    );
    expect(scrub('+880 1712-345678')).toBe('[number]');
  });
});

describe('what a web vital carries', () => {
  it('the connection the browser reports, unknown where it says nothing', () => {
    expect(connectionOf({ effectiveType: '3g', saveData: true })).toEqual({ connection: '3g', saveData: true });
    expect(connectionOf({ effectiveType: '5g' })).toEqual({ connection: 'unknown', saveData: false });
    expect(connectionOf(undefined)).toEqual({ connection: 'unknown', saveData: false });
  });

  it('who served the page: the server rendered it, the service worker answered (the shell or a kept page), or the server sent the shell', () => {
    const rendered = document.createElement('div');
    rendered.setAttribute('data-origin', 'https://haat.example');
    const kept = document.createElement('div');
    kept.setAttribute('data-kept-at', '1700000000000');
    kept.setAttribute('data-origin', 'https://haat.example');
    const shell = document.createElement('div');
    const navigation = (workerStart: number) => ({ workerStart }) as PerformanceNavigationTiming;
    expect(servedByOf(rendered, navigation(0))).toBe('ssr');
    expect(servedByOf(kept, navigation(12.5))).toBe('sw');
    expect(servedByOf(shell, navigation(12.5))).toBe('sw');
    expect(servedByOf(shell, navigation(0))).toBe('shell');
    expect(servedByOf(shell, undefined)).toBe('shell');
  });
});
