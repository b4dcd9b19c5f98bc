import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is within `rootMargin` of the viewport (at once when `enabled` is false or there is no
 * IntersectionObserver). Native `loading="lazy"` starts far earlier (over 1,000 px in Chromium), which spends a 3G
 * link on what the shopper may never scroll to.
 */
export function useNearViewport(rootMargin: string, enabled = true) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(!enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
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
  }, [near, rootMargin]);
  return [ref, near] as const;
}
