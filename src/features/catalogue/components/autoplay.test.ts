import type { KeenSliderInstance } from 'keen-slider/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoplayAllowed, createAutoplay } from './autoplay';

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'connection');
});

describe('autoplayAllowed', () => {
  it('lets carousels move by themselves on a good connection when motion is welcome', () => {
    setConnection({ saveData: false, effectiveType: '4g' });
    setReducedMotion(false);
    expect(autoplayAllowed()).toBe(true);
  });

  it('keeps them still under Save-Data', () => {
    setConnection({ saveData: true, effectiveType: '4g' });
    setReducedMotion(false);
    expect(autoplayAllowed()).toBe(false);
  });

  it.each(['2g', 'slow-2g'])('keeps them still on a %s connection', (effectiveType) => {
    setConnection({ effectiveType });
    setReducedMotion(false);
    expect(autoplayAllowed()).toBe(false);
  });

  it('keeps them still for shoppers who ask for reduced motion', () => {
    setConnection({ effectiveType: '4g' });
    setReducedMotion(true);
    expect(autoplayAllowed()).toBe(false);
  });
});

describe('createAutoplay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The parts of a keen-slider the plugin uses: its events and next(). */
  function fakeSlider() {
    const handlers = new Map<string, () => void>();
    const slider = { on: (event: string, handler: () => void) => handlers.set(event, handler), next: vi.fn() };
    return { slider, emit: (event: string) => handlers.get(event)?.() };
  }

  it('moves to the next slide every interval', () => {
    const autoplay = createAutoplay(5000, false);
    const { slider, emit } = fakeSlider();
    autoplay.plugin(slider as unknown as KeenSliderInstance);
    emit('created');
    vi.advanceTimersByTime(5000);
    expect(slider.next).toHaveBeenCalledTimes(1);
  });

  it('never moves when created paused, as carousels are under data saver or reduced motion', () => {
    const autoplay = createAutoplay(5000, true);
    const { slider, emit } = fakeSlider();
    autoplay.plugin(slider as unknown as KeenSliderInstance);
    emit('created');
    emit('animationEnded');
    vi.advanceTimersByTime(60_000);
    expect(slider.next).not.toHaveBeenCalled();
  });
});
