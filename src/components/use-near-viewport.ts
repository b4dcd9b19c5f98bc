import { useHydrated } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is within `rootMargin` of the viewport (at once when `enabled` is false; right after the
 * first render where there is no IntersectionObserver). Native `loading="lazy"` starts far earlier (over 1,000 px in
 * Chromium), which spends a 3G link on what the shopper may never scroll to. The first render does not depend on the
 * browser, so a server-rendered page hydrates with what the server drew.
 */
export function useNearViewport(rootMargin: string, enabled = true) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(!enabled);
  // False while the page is rendered on the server and hydrated, true in the browser after.
  const inBrowser = useHydrated();
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (near || !element || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, observable, rootMargin]);
  return [ref, near || (inBrowser && !observable)] as const;
}
