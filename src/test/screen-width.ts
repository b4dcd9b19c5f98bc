import { vi } from 'vitest';

/** Pretends the screen is `width` px wide for every `(min-width: …)` media query (jsdom has no matchMedia). */
export function stubScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}
