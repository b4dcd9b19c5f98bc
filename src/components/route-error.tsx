import { Suspense, useEffect } from 'react';
import { lazyRouteComponent, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError, isReloadingForNewBuild, reloadForNewBuild } from '@/lib/chunk-reload';
import { reportClientError } from '@/lib/client-errors';
import type { ErrorHome } from './error-screen';

// Its own chunk, like the 404 page: a visit without an error never downloads it or its texts.
const ErrorScreen = lazyRouteComponent(() => import('./error-screen'), 'ErrorScreen');

/**
 * What a route shows when it fails (its code, its data or its render): reported, and then either a reload for the new
 * build (its code is gone after a release) or the error screen. Rendered where the route was: inside the shop's frame,
 * the customer area's or the back office's.
 */
export function RouteError({ error, home = 'shop' }: ErrorComponentProps & { home?: ErrorHome }) {
  const chunkFailed = isChunkLoadError(error);
  const reloading = (chunkFailed && reloadForNewBuild()) || isReloadingForNewBuild();
  useEffect(() => {
    if (!reloading) reportClientError('boundary', error);
  }, [error, reloading]);
  if (reloading) return null;
  return (
    // The router's Suspense boundary is not above a root's error: the screen's code may still be on its way.
    <Suspense fallback={null}>
      <ErrorScreen error={error} chunkFailed={chunkFailed} home={home} />
    </Suspense>
  );
}
