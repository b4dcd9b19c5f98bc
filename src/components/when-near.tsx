import { useHydrated } from '@tanstack/react-router';
import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';

const onServer = typeof window === 'undefined';

/** A promise settled once the place nears the viewport, with whether it has already. */
type Nearness = { promise: Promise<void>; near: boolean; arrive: () => void };

function nearness(): Nearness {
  let arrive = () => {};
  const promise = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const state: Nearness = {
    promise,
    near: false,
    arrive: () => {
      state.near = true;
      arrive();
    },
  };
  return state;
}

/** While the page hydrates, waits (suspends) until the place is near; on the server and after hydration, renders at once. */
function Gate({ nearness: { near, promise }, children }: { nearness: Nearness; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!onServer && !hydrated && !near) use(promise);
  return children;
}

/**
 * A part of a server-rendered page below the fold, hydrated when it comes within `rootMargin` of the viewport. The
 * server renders it at once (browsers without JavaScript and crawlers see it); the page hydrating keeps the server's
 * markup as it is until then, so the part's code (when `children` is lazy) and its hydration cost nothing before the
 * shopper scrolls toward it. A page the browser renders itself (the shell, a later page) renders it at once.
 *
 * React hydrates a waiting part as soon as it receives new props or context, which it cannot while waiting: render
 * WhenNear inside a memoised component whose props do not change as the page starts.
 */
export function WhenNear({ rootMargin, children }: { rootMargin: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [place] = useState(nearness);
  useEffect(() => {
    const element = ref.current;
    if (!element || place.near) return;
    if (typeof IntersectionObserver === 'undefined') {
      place.arrive();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        place.arrive();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [place, rootMargin]);
  return (
    <div ref={ref}>
      <Suspense fallback={null}>
        <Gate nearness={place}>{children}</Gate>
      </Suspense>
    </div>
  );
}
