import { useHydrated } from '@tanstack/react-router';
import { createElement, Suspense, use, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

const onServer = typeof window === 'undefined';

/** How long taps on a part wait for it to hydrate before they are let through to the markup as it is. */
const HELD_TAPS_LIMIT_MS = 5000;

/** A component whose code loads when it first renders, like `lazy`, and which WhenNear can load before it hydrates it. */
export type LazyPart<P> = ComponentType<P> & { load: () => Promise<unknown> };

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  const loadOnce = () => {
    if (loading) return loading;
    loading = load();
    // Kept before anyone waiting on the code hears of it: once it is in, the part renders in the same pass (a part
    // that waited for a promise again would hydrate a task later).
    void loading.then(
      (component) => (loaded = component),
      (error: unknown) => (failure = { error }),
    );
    return loading;
  };
  function Part(props: P) {
    // The promise thrown is what Suspense waits for, in React and in Preact; code that failed to load is the nearest
    // error boundary's to show (both as `lazy` does).
    if (failure) throw failure.error;
    if (!loaded) throw loadOnce();
    return createElement(loaded, props);
  }
  return Object.assign(Part, { load: loadOnce });
}

/**
 * A place's progress: `ready` settles once it nears the viewport and its part's code has loaded (`isReady`), and
 * `hydrated` once its part has hydrated after that.
 */
type Place = { arrive: () => void; ready: Promise<void>; isReady: boolean; hydrated: Promise<void>; settle: () => void };

function place(load: (() => Promise<unknown>) | undefined): Place {
  let resolveReady = () => {};
  let settle = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const hydrated = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let arrived = false;
  const state: Place = {
    arrive: () => {
      if (arrived) return;
      arrived = true;
      // Code that fails to load is the part's own error to show when it renders, as with `lazy`.
      const loaded = load ? load().catch(() => {}) : Promise.resolve();
      void loaded.then(() => {
        state.isReady = true;
        resolveReady();
      });
    },
    ready,
    isReady: false,
    hydrated,
    settle,
  };
  return state;
}

/** Settles the place once its part has been committed: an effect runs only once the markup beneath it is the app's. */
function Hydrated({ settle, children }: { settle: () => void; children: ReactNode }) {
  useEffect(settle, [settle]);
  return children;
}

/** While the page hydrates, waits (suspends) until the place is ready; on the server and after hydration, renders at once. */
function Gate({ place: { isReady, ready, settle }, children }: { place: Place; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!onServer && !hydrated && !isReady) use(ready);
  return <Hydrated settle={settle}>{children}</Hydrated>;
}

/**
 * Holds the taps on a part that is still the server's markup (a tab, a card's button), brings the part near, and taps
 * again once it has hydrated: otherwise a tap made as the shopper scrolls to it lands on markup with no handlers and
 * does nothing. A part that has not hydrated HELD_TAPS_LIMIT_MS after the first tap gets them as they are (a link is
 * still followed).
 */
function holdTapsUntilHydrated(element: HTMLElement, { arrive, hydrated }: Place): () => void {
  const held: HTMLElement[] = [];
  let limit: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(limit);
    element.removeEventListener('click', hold, true);
  };
  const release = () => {
    stop();
    for (const target of held.splice(0)) if (target.isConnected) target.click();
  };
  const hold = (event: Event) => {
    if (!(event.target instanceof HTMLElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(event.target);
    arrive();
    limit ??= setTimeout(release, HELD_TAPS_LIMIT_MS);
  };
  element.addEventListener('click', hold, true);
  void hydrated.then(release);
  return stop;
}

/**
 * A part of a server-rendered page below the fold, hydrated when it comes within `rootMargin` of the viewport. The
 * server renders it at once (browsers without JavaScript and crawlers see it); the page hydrating keeps the server's
 * markup as it is until then, so the part's code and its hydration cost nothing before the shopper scrolls toward it.
 * A page the browser renders itself (the shell, a later page) renders it at once. A part whose code loads apart is a
 * `lazyPart` and its `load` is passed here, so the part hydrates in one pass once its code is in: taps on it are held
 * until then.
 *
 * React hydrates a waiting part as soon as it receives new props or context, which it cannot while waiting: render
 * WhenNear inside a memoised component whose props do not change as the page starts.
 */
export function WhenNear({ rootMargin, load, children }: { rootMargin: string; load?: () => Promise<unknown>; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state] = useState(() => place(load));
  useEffect(() => {
    const element = ref.current;
    if (!element || state.isReady) return;
    const stopHolding = holdTapsUntilHydrated(element, state);
    if (typeof IntersectionObserver === 'undefined') {
      state.arrive();
      return stopHolding;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        state.arrive();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      stopHolding();
    };
  }, [state, rootMargin]);
  return (
    <div ref={ref}>
      <Suspense fallback={null}>
        <Gate place={state}>{children}</Gate>
      </Suspense>
    </div>
  );
}
