import type { Browser, CDPSession } from '@playwright/test';

export type NetworkConditions = { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number };

/** The weak link haat is built for: 400 kbps each way (bytes per second here) and 400 ms round trips. */
export const SLOW_3G: NetworkConditions = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
export const OFFLINE: NetworkConditions = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/**
 * Network counters of one CDP target (a page or the service worker): bytes received from the network, with
 * answers the service worker or the HTTP cache gave left out, as they cost the link nothing.
 */
export class NetworkMeter {
  bytes = 0;
  requests = 0;
  fromServiceWorker = 0;
  fromCache = 0;
  private readonly answeredLocally = new Set<string>();
  private readonly urls = new Map<string, string>();
  private readonly downloads = new Map<string, number>();

  /** URLs downloaded more than once: a preload hint the page did not use, or a read asked for twice. */
  get downloadedTwice(): string[] {
    return [...this.downloads].filter(([, times]) => times > 1).map(([url]) => url);
  }

  handle(method: string, params: Record<string, unknown>) {
    if (method === 'Network.requestWillBeSent') {
      const { requestId, request } = params as { requestId: string; request: { url: string } };
      this.urls.set(requestId, request.url);
    } else if (method === 'Network.responseReceived') {
      const { requestId, response } = params as {
        requestId: string;
        response: { fromServiceWorker?: boolean; fromDiskCache?: boolean; fromPrefetchCache?: boolean };
      };
      if (response.fromServiceWorker) this.fromServiceWorker += 1;
      else if (response.fromDiskCache || response.fromPrefetchCache) this.fromCache += 1;
      if (response.fromServiceWorker || response.fromDiskCache || response.fromPrefetchCache) this.answeredLocally.add(requestId);
    } else if (method === 'Network.requestServedFromCache') {
      this.fromCache += 1;
      this.answeredLocally.add((params as { requestId: string }).requestId);
    } else if (method === 'Network.loadingFinished') {
      const { requestId, encodedDataLength } = params as { requestId: string; encodedDataLength: number };
      if (this.answeredLocally.has(requestId)) return;
      this.requests += 1;
      this.bytes += encodedDataLength;
      const url = this.urls.get(requestId);
      if (url) this.downloads.set(url, (this.downloads.get(url) ?? 0) + 1);
    }
  }
}

/** Emulates `conditions` for a page through its CDP session and counts what it receives. */
export async function emulatePage(session: CDPSession, conditions: NetworkConditions): Promise<NetworkMeter> {
  const meter = new NetworkMeter();
  for (const method of ['Network.requestWillBeSent', 'Network.responseReceived', 'Network.requestServedFromCache', 'Network.loadingFinished'] as const) {
    session.on(method, (params) => meter.handle(method, params as unknown as Record<string, unknown>));
  }
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', conditions);
  return meter;
}

/**
 * CDP network emulation is per target: a page's conditions do not slow the service worker's own downloads (its
 * precache, the requests it makes for the page). This attaches to every service worker of the browser as it starts
 * and gives it the same conditions and a meter of its own. The emulation is per target, so the worker gets its own
 * 400 kbps beside the page's, a little kinder than one shared link.
 */
export async function emulateServiceWorkers(browser: Browser, initial: NetworkConditions) {
  const session = await browser.newBrowserCDPSession();
  const meter = new NetworkMeter();
  const workers = new Set<string>();
  let conditions = initial;
  let nextId = 1;
  const sendTo = (sessionId: string, method: string, params: object) =>
    session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) });

  session.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    void (async () => {
      // Flatten mode would route the worker's messages to sessions Playwright does not hand out; this one relays them.
      const { sessionId } = await session.send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false });
      workers.add(sessionId);
      await sendTo(sessionId, 'Network.enable', {});
      await sendTo(sessionId, 'Network.emulateNetworkConditions', conditions);
    })().catch(() => {
      // The worker may be gone already (a redundant version): nothing to slow down.
    });
  });
  session.on('Target.receivedMessageFromTarget', ({ message }) => {
    const parsed = JSON.parse(message) as { method?: string; params?: Record<string, unknown> };
    if (parsed.method && parsed.params) meter.handle(parsed.method, parsed.params);
  });
  session.on('Target.detachedFromTarget', ({ sessionId }) => {
    if (sessionId) workers.delete(sessionId);
  });
  await session.send('Target.setDiscoverTargets', { discover: true });

  return {
    meter,
    async setConditions(next: NetworkConditions) {
      conditions = next;
      await Promise.all([...workers].map((sessionId) => sendTo(sessionId, 'Network.emulateNetworkConditions', next).catch(() => undefined)));
    },
    detach: () => session.detach(),
  };
}
