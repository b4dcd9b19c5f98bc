import type { QueryClient } from '@tanstack/react-query';

/** Registers the mutations that may be queued offline, by key, so a restored queue can be replayed. */
export function registerOfflineActions(_queryClient: QueryClient): void {}
