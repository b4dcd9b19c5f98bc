import type { KeenSliderPlugin } from 'keen-slider/react';
import { prefersLightImages } from '@/lib/image-url';

/** How long each banner shows before the next. */
export const BANNER_AUTOPLAY_MS = 5000;

/**
 * Whether a carousel may move by itself: not for shoppers who ask for reduced motion, and not under Save-Data
 * or on 2G, where every slide is another image download.
 */
export function autoplayAllowed(): boolean {
  if (prefersLightImages()) return false;
  return !(typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}

/**
 * keen-slider autoplay: the next slide every `interval` ms. It waits while the pointer is over the carousel (spread
 * `areaProps` on the element around the slider and its controls), while anything in it has focus, while the tab is
 * hidden, and while `setPaused(true)`. Create it once per carousel (useState initialiser).
 */
export function createAutoplay(interval: number, startPaused: boolean) {
  let paused = startPaused;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next: (() => void) | undefined;

  const stop = () => clearTimeout(timer);
  const schedule = () => {
    stop();
    if (!next || paused || hovered || focused || document.hidden) return;
    timer = setTimeout(next, interval);
  };

  const plugin: KeenSliderPlugin = (slider) => {
    slider.on('created', () => {
      next = () => slider.next();
      document.addEventListener('visibilitychange', schedule);
      schedule();
    });
    slider.on('dragStarted', stop);
    slider.on('animationEnded', schedule);
    slider.on('updated', schedule);
    slider.on('destroyed', () => {
      stop();
      next = undefined;
      document.removeEventListener('visibilitychange', schedule);
    });
  };

  return {
    plugin,
    setPaused(value: boolean) {
      paused = value;
      schedule();
    },
    areaProps: {
      onMouseEnter: () => {
        hovered = true;
        stop();
      },
      onMouseLeave: () => {
        hovered = false;
        schedule();
      },
      onFocus: () => {
        focused = true;
        stop();
      },
      onBlur: (event: { currentTarget: Element; relatedTarget: Element | null }) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        focused = false;
        schedule();
      },
    },
  };
}
