import { PAGE_ATTRIBUTES, type PageContext } from '@contract/page-document';

export type { PageContext };

/*
 * What a page is drawn for beyond its address and data. The server decides it for each page it renders; the browser
 * that hydrates that page keeps the server's decision (written on the root element), so both draw the same markup.
 * A page the browser renders itself (the offline shell) asks the browser.
 */

/** The browser's own wish for smaller images: Save-Data, or a 2G-class connection. */
export function browserWantsLightImages(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

const fromBrowser = (): PageContext => ({
  origin: typeof location === 'undefined' ? '' : location.origin,
  lightImages: browserWantsLightImages(),
});

let source: () => PageContext = fromBrowser;

export function pageContext(): PageContext {
  return source();
}

/** Where the page context comes from: the server's request, or the decision a server-rendered page carries. */
export function setPageContextSource(next: () => PageContext): void {
  source = next;
}

/** The decision a server-rendered page carries on its root element, or null for a page rendered in the browser. */
export function pageContextOf(root: Element): PageContext | null {
  const origin = root.getAttribute(PAGE_ATTRIBUTES.origin);
  if (origin === null) return null;
  return { origin, lightImages: root.hasAttribute(PAGE_ATTRIBUTES.lightImages) };
}
