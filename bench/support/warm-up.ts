import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/env';

/**
 * Opens each page once, unmeasured, at the measured screen size. The server resizes an image the first time a size
 * is asked for and keeps it; in a shop in use that has long happened, so measured runs should not pay for it.
 */
export async function warmUp(urls: readonly string[], screen: { width: number; height: number; deviceScaleFactor: number }): Promise<void> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    await context.route('**/sw.js', (route) => route.abort());
    const page = await context.newPage();
    for (const url of urls) await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
  }
}
