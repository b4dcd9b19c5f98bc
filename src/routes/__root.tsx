import { Suspense } from 'react';
import { createRootRouteWithContext, lazyRouteComponent, Outlet, Scripts } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { RouteErrorInFrame } from '@/app/layout/route-error-frame';
import { StandaloneLayout } from '@/app/layout/standalone-layout';

// Its own chunk: a visit that finds its page never downloads it.
const NotFoundPage = lazyRouteComponent(() => import('@/components/not-found-page'), 'NotFoundPage');

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
 * At the root there is no layout around the 404 page, so it brings its own landmark. Nor is there the router's
 * Suspense boundary: the page's code may still be on its way when a rendered 404 page hydrates.
 */
function RootNotFound() {
  return (
    <StandaloneLayout>
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    </StandaloneLayout>
  );
}
