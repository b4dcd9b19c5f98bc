import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until the app has taken it over. A page the server rendered is on screen before its code
 * runs; the router's state it carries (`window.$_TSR`) goes once the browser has hydrated the router, and from then on
 * the app handles clicks (a part below the fold still waiting to hydrate holds them until it has). A page the browser renders
 * (the shell) has nothing on screen to click until the app has drawn it.
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => !('$_TSR' in window) && (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

/** Records the API reads the page asks for from now on (path and query); call the result for the list so far. */
export function firstReadsOf(page: Page): () => string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') reads.push(url.pathname + url.search);
  });
  return () => [...reads];
}
