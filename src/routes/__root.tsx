import { Suspense } from 'react';
import { createRootRouteWithContext, lazyRouteComponent, Outlet, Scripts } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { RouteErrorInFrame } from '@/app/layout/route-error-frame';

// Its own chunk: a visit that finds its page never downloads it (the back office's areas open there too).
const UnlistedPath = lazyRouteComponent(() => import('@/app/unlisted-path'), 'UnlistedPath');

export const Route = createRootRouteWithContext<RouterContext>()({
  ssr: true,
  component: Root,
  notFoundComponent: RootNotFound,
  errorComponent: RouteErrorInFrame,
});

/**
 * On the server the page also carries the router's state and first reads (`<Scripts />`: scripts that run once and
 * remove themselves before the browser hydrates); the browser renders nothing in that place.
 */
function Root() {
  return (
    <>
      <Outlet />
      {import.meta.env.SSR ? <Scripts /> : null}
    </>
  );
}

/**
 * A path the route table does not list: the back office's areas, or the 404 page. At the root there is no router's
 * Suspense boundary: the code may still be on its way when a rendered 404 page hydrates.
 */
function RootNotFound() {
  return (
    <Suspense fallback={null}>
      <UnlistedPath />
    </Suspense>
  );
}
