import { expect, type Locator, type Page } from '@playwright/test';

/** Logo and navigation on one row, the search box on a second: what a phone can spare for a bar that never scrolls away. */
const MAX_HEADER_HEIGHT = 112;

/** No sideways scrolling: the page is no wider than the screen. */
export async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${screen}: the page is wider than the screen`).toBeLessThanOrEqual(clientWidth);
}

/** No sideways scrolling, and the sticky header stays compact. */
export async function expectFitsTheScreen(page: Page, screen: string) {
  await expectNoSidewaysScroll(page, screen);
  const headerHeight = await page.evaluate(() => document.querySelector('body header')?.getBoundingClientRect().height ?? 0);
  expect(headerHeight, `${screen}: the sticky header's height`).toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
}

/**
 * The label is whole: no wider than its box, on one line, and neither cut off by an ancestor that clips or scrolls
 * nor past the edge of the screen. Rows that scroll sideways are measured as the shopper first sees them, scrolled to
 * their start (bringing the label into view may have scrolled them).
 */
export async function expectWholeLabel(label: Locator, name: string) {
  await label.scrollIntoViewIfNeeded();
  await expect(label, name).toBeVisible();
  const problem = await label.evaluate((element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) parent.scrollLeft = 0;
    if (element.scrollWidth > element.clientWidth) return `its text needs ${element.scrollWidth} px of ${element.clientWidth} px`;
    const lineTops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) lineTops.add(Math.round(rect.top));
    }
    if (lineTops.size > 1) return `it wraps onto ${lineTops.size} lines`;
    const box = element.getBoundingClientRect();
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) return `it is cut off by <${parent.tagName.toLowerCase()} class="${parent.className}">`;
    }
    if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) return 'it runs past the edge of the screen';
    return null;
  });
  expect(problem, `${name}: ${problem}`).toBeNull();
}
