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
    // The promise thrown is what Suspense waits for; code that failed to load is the nearest error boundary's to show
    // (both as `lazy` does).
    if (failure) throw failure.error;
    if (!loaded) throw loadOnce();
    return createElement(loaded, props);
  }
  return Object.assign(Part, { load: loadOnce });
}

/**
 * A place's progress: `ready` settles once it nears the viewport and its part's code has loaded (`isReady`); `settle`
 * is called once its part has hydrated after that. `waiting` until then, taps on it are `hold`: it is brought near and
 * they are tapped again once it has hydrated, or HELD_TAPS_LIMIT_MS after the first as they are (a link is still
 * followed).
 */
type Place = {
  arrive: () => void;
  ready: Promise<void>;
  isReady: boolean;
  waiting: boolean;
  hold: (target: HTMLElement) => void;
  settle: () => void;
};

function place(load: (() => Promise<unknown>) | undefined): Place {
  let resolveReady = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  let arrived = false;
  const held: HTMLElement[] = [];
  let limit: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    if (!state.waiting) return;
    state.waiting = false;
    clearTimeout(limit);
    for (const target of held.splice(0)) if (target.isConnected) target.click();
  };
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
    waiting: true,
    hold: (target) => {
      held.push(target);
      state.arrive();
      limit ??= setTimeout(release, HELD_TAPS_LIMIT_MS);
    },
    settle: release,
  };
  return state;
}

/** Marks the element around each place, in the server's markup as in the app's (WhenNear writes it). */
const PLACE_ATTRIBUTE = 'data-when-near';
/** The places of the page by the element around each, once their WhenNear has started. */
const places = new WeakMap<Element, Place>();
/** Taps on a place made before its WhenNear had started (the part of the page around it still hydrating). */
const tapsBeforeStart = new WeakMap<Element, HTMLElement[]>();

/**
 * Holds the taps on a place still waiting to hydrate (a tab, a card's button): React would hydrate the part first, but
 * it cannot until the part is near and its code is in, and it replays no click made before then, so the tap would land
 * on markup with no handlers and do nothing. Listening on the document, ahead of React's own listener on the page's
 * root, it also holds the taps made while the part of the page around the place is still hydrating.
 */
function holdTapsOnWaitingPlaces(event: MouseEvent) {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const element = target.closest(`[${PLACE_ATTRIBUTE}]`);
  if (!element) return;
  const state = places.get(element);
  if (state && !state.waiting) return;
  event.preventDefault();
  event.stopPropagation();
  if (state) state.hold(target);
  else tapsBeforeStart.set(element, [...(tapsBeforeStart.get(element) ?? []), target]);
}

if (!onServer) document.addEventListener('click', holdTapsOnWaitingPlaces, true);

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
 * A part of a server-rendered page below the fold, hydrated when it comes within `rootMargin` of the viewport. The
 * server renders it at once (browsers without JavaScript and crawlers see it); the page hydrating keeps the server's
 * markup as it is until then (a Suspense boundary waiting), so the part's code and its hydration cost nothing before
 * the shopper scrolls toward it. A page the browser renders itself (the shell, a later page) renders it at once. A part
 * whose code loads apart is a `lazyPart` and its `load` is passed here, so the part hydrates in one pass once its code
 * is in. Taps on it are held until then (holdTapsOnWaitingPlaces).
 *
 * React hydrates a waiting part as soon as it receives new props or context, which it cannot while waiting: render
 * WhenNear inside a memoised component whose props do not change as the page starts.
 */
export function WhenNear({ rootMargin, load, children }: { rootMargin: string; load?: () => Promise<unknown>; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state] = useState(() => place(load));
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    places.set(element, state);
    for (const target of tapsBeforeStart.get(element) ?? []) state.hold(target);
    tapsBeforeStart.delete(element);
    if (state.isReady) return;
    if (typeof IntersectionObserver === 'undefined') {
      state.arrive();
      return;
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
    return () => observer.disconnect();
  }, [state, rootMargin]);
  return (
    <div ref={ref} data-when-near="">
      <Suspense fallback={null}>
        <Gate place={state}>{children}</Gate>
      </Suspense>
    </div>
  );
}
