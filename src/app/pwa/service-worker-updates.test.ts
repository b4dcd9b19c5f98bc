import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkForUpdates, UPDATE_CHECK_INTERVAL_MS, VISIBLE_CHECK_GAP_MS, watchForUpdates } from './service-worker-updates';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
  /** The browser hands the page to `worker` (clients.claim() or an activated update). */
  controlledBy(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  /** The browser found a new sw.js and starts installing it. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function watch(container: FakeContainer, registration: FakeRegistration) {
  const accepts: (() => void)[] = [];
  const offer = vi.fn((accept: () => void) => void accepts.push(accept));
  const reload = vi.fn();
  watchForUpdates({
    container: container as unknown as ServiceWorkerContainer,
    registration: registration as unknown as ServiceWorkerRegistration,
    offer,
    reload,
  });
  return { offer, reload, accept: () => accepts.at(-1)?.() };
}

describe('watchForUpdates', () => {
  it('neither offers nor reloads when the first version installs and claims the page', () => {
    const container = new FakeContainer(null);
    const registration = new FakeRegistration();
    const { offer, reload } = watch(container, registration);

    const first = new FakeWorker();
    registration.found(first);
    first.becomes('installed');
    first.becomes('activated');
    container.controlledBy(first);

    expect(offer).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers a new version once it waits, activates it only when accepted, and reloads exactly once', () => {
    const container = new FakeContainer(new FakeWorker());
    const registration = new FakeRegistration();
    const { offer, reload, accept } = watch(container, registration);

    const next = new FakeWorker();
    registration.found(next);
    expect(offer).not.toHaveBeenCalled();
    next.becomes('installed');
    expect(offer).toHaveBeenCalledTimes(1);
    expect(next.posted).toEqual([]);

    accept();
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();

    next.becomes('activated');
    container.controlledBy(next);
    expect(reload).toHaveBeenCalledTimes(1);
    container.controlledBy(new FakeWorker());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version already waiting when the page opens', () => {
    const container = new FakeContainer(new FakeWorker());
    const registration = new FakeRegistration();
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    registration.waiting = waiting;
    const { offer, accept } = watch(container, registration);

    expect(offer).toHaveBeenCalledTimes(1);
    accept();
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('offers a version once when it is seen both installing at start and through updatefound', () => {
    const container = new FakeContainer(new FakeWorker());
    const registration = new FakeRegistration();
    const next = new FakeWorker();
    registration.installing = next;
    const { offer } = watch(container, registration);

    registration.found(next);
    next.becomes('installed');
    expect(offer).toHaveBeenCalledTimes(1);
  });

  it('does not reload by itself when another tab accepted the update, and offers a plain reload', () => {
    const container = new FakeContainer(new FakeWorker());
    const registration = new FakeRegistration();
    const { offer, reload, accept } = watch(container, registration);
    const next = new FakeWorker();
    registration.found(next);
    next.becomes('installed');

    next.becomes('activated');
    container.controlledBy(next);
    expect(reload).not.toHaveBeenCalled();
    expect(offer).toHaveBeenCalledTimes(2);

    accept();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(next.posted).toEqual([]);
  });

  it('reloads at once when the offered version was activated elsewhere before the shopper accepted', () => {
    const container = new FakeContainer(new FakeWorker());
    const registration = new FakeRegistration();
    const { offer, reload } = watch(container, registration);
    const next = new FakeWorker();
    registration.found(next);
    next.becomes('installed');
    const [acceptFirstOffer] = offer.mock.calls[0]!;

    next.becomes('activated');
    acceptFirstOffer();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(next.posted).toEqual([]);
  });
});

describe('checkForUpdates', () => {
  let online = true;
  let now = 0;
  const update = vi.fn(() => Promise.resolve());
  let stop: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
    now = 0;
    update.mockClear();
    stop = checkForUpdates({ update } as unknown as ServiceWorkerRegistration, { online: () => online, now: () => now });
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const show = () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('looks for a new version every hour while online', () => {
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(1);
    online = false;
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('looks when the page is shown again, at most once in a few minutes', () => {
    now = VISIBLE_CHECK_GAP_MS - 1;
    show();
    expect(update).not.toHaveBeenCalled();
    now = VISIBLE_CHECK_GAP_MS;
    show();
    expect(update).toHaveBeenCalledTimes(1);
    show();
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('survives a failed check', async () => {
    update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    await Promise.resolve();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('stops when asked', () => {
    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    now = VISIBLE_CHECK_GAP_MS;
    show();
    expect(update).not.toHaveBeenCalled();
  });
});
