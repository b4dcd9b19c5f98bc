/** Posted to a waiting service worker to make it take over (the worker listens for the same type). */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** A page shown again checks at most this often: switching tabs back and forth need not fetch sw.js each time. */
export const VISIBLE_CHECK_GAP_MS = 5 * 60 * 1000;

type Container = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>;
type Registration = Pick<ServiceWorkerRegistration, 'waiting' | 'installing' | 'addEventListener'>;

export type UpdateWatch = {
  container: Container;
  registration: Registration;
  /** Offers 'Reload to update'; `accept` runs when the shopper takes it. */
  offer: (accept: () => void) => void;
  reload: () => void;
};

/**
 * Offers each new version once it is installed and waiting, and lets it take over only when the shopper accepts:
 * then the page reloads once, when the new worker controls it. No reload when a page first gets a worker (the first
 * install claims it) and never a second one. A version another tab accepted already controls this page, which still
 * runs the old code: it is offered as a plain reload.
 */
export function watchForUpdates({ container, registration, offer, reload }: UpdateWatch): void {
  let hadController = container.controller !== null;
  let accepted = false;
  let reloaded = false;
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };

  const offerWaiting = (worker: ServiceWorker) =>
    offer(() => {
      if (worker.state !== 'installed') return reloadOnce();
      accepted = true;
      worker.postMessage(SKIP_WAITING);
    });

  const watched = new WeakSet<ServiceWorker>();
  const watchInstalling = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) offerWaiting(worker);
    });
  };

  if (registration.waiting && container.controller) offerWaiting(registration.waiting);
  watchInstalling(registration.installing);
  registration.addEventListener('updatefound', () => watchInstalling(registration.installing));

  container.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    if (accepted) reloadOnce();
    else offer(reloadOnce);
  });
}

type Checkable = Pick<ServiceWorkerRegistration, 'update'>;

/**
 * An installed app can stay open for days without a navigation (when browsers look for a new sw.js by themselves):
 * look every hour, and when the page is shown again, while online.
 */
export function checkForUpdates(
  registration: Checkable,
  { doc = document, online = () => navigator.onLine, now = Date.now }: { doc?: Document; online?: () => boolean; now?: () => number } = {},
): () => void {
  let lastCheck = now();
  const check = () => {
    if (!online()) return;
    lastCheck = now();
    // Offline after all, or the server is down: the next check tries again.
    registration.update().catch(() => undefined);
  };
  const timer = setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  const onVisibility = () => {
    if (doc.visibilityState === 'visible' && now() - lastCheck >= VISIBLE_CHECK_GAP_MS) check();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
