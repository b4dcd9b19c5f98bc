import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * TanStack Query assumes it is online until the browser fires an 'offline' event, which never comes for an
 * app opened with no connection: take the browser's word at start, so such an app knows it from the first render.
 */
export function followBrowserOnlineState(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

const isOnline = () => onlineManager.isOnline();
const onlineOnServer = () => true;

/** Whether the app is online, as the query client sees it; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe, isOnline, onlineOnServer);
}

type QueryWaitState = { isPending: boolean; isPaused: boolean; isPlaceholderData?: boolean };

/**
 * A query with nothing of its own to show that waits for a connection: the screen says it is offline
 * rather than showing a loading state that would never end. A placeholder (the previous page's list) counts as nothing.
 */
export function isWaitingForNetwork(query: QueryWaitState): boolean {
  return query.isPaused && (query.isPending || query.isPlaceholderData === true);
}
