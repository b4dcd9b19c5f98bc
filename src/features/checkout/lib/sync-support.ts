/** Where the service worker can place a queued order with the app closed: Chromium. Elsewhere the page's replay on the next open does it. */
export const backgroundSyncSupported = () =>
  typeof window !== 'undefined' && 'SyncManager' in window && 'serviceWorker' in navigator && typeof indexedDB !== 'undefined';
