import { useEffect, useRef, useState } from 'react';

/** A chart drawn on a canvas: resized with its container, destroyed with the component. */
export type Plot = { resize: (width: number) => void; destroy: () => void };

/**
 * Draws a chart whose library comes in a chunk of its own, downloaded when the chart is first shown, into `target`, as
 * wide as it, and again whenever `draw` changes (keep it stable with useCallback). `failed`: the chunk could not load
 * (offline before it was ever downloaded, or no canvas), so the screen says its figures another way.
 */
export function useLazyPlot<Library>(load: () => Promise<Library>, draw: (library: Library, element: HTMLElement, width: number) => Plot) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let plot: Plot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    load()
      .then((library) => {
        if (cancelled) return;
        plot = draw(library, element, element.clientWidth);
        if (typeof ResizeObserver === 'undefined') return;
        observer = new ResizeObserver(([entry]) => {
          const width = Math.floor(entry?.contentRect.width ?? 0);
          if (width > 0) plot?.resize(width);
        });
        observer.observe(element);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [load, draw]);

  return { target, failed };
}
