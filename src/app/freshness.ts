import type { Query } from '@tanstack/react-query';

/** How long an answer read on the page the shopper is on stays current (refetched on focus or a new observer after). */
export const CURRENT_FOR_MS = 60_000;

/** When the page before the current one was entered; 0 until the shopper has moved once within the app. */
let previousPageEnteredAt = 0;
let currentPageEnteredAt = 0;

/**
 * Called as the app enters another page. An answer read before the page the shopper just left was entered is stale
 * from now on: a page shown again (Back, a link to it) paints what it showed, and asks the server at once. Answers
 * read on the page being left, the links' preloads among them, stay current for the page they were read for.
 */
export function enteringPage(now = Date.now()): void {
  previousPageEnteredAt = currentPageEnteredAt;
  currentPageEnteredAt = now;
}

/**
 * The query client's staleTime: an answer is current for `CURRENT_FOR_MS`, unless it was read before the page the
 * shopper came from was entered (it belongs to a page they left and came back to).
 */
export function staleTimeOf(query: Query): number {
  const readAt = query.state.dataUpdatedAt;
  return readAt > 0 && readAt < previousPageEnteredAt ? 0 : CURRENT_FOR_MS;
}
