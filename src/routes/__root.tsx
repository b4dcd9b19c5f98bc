import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { StandaloneLayout } from '@/app/layout/standalone-layout';
import { NotFoundPage } from '@/components/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  notFoundComponent: RootNotFound,
  errorComponent: RootNotFound,
});

/** At the root there is no layout around the 404 page, so it brings its own landmark. */
function RootNotFound() {
  return (
    <StandaloneLayout>
      <NotFoundPage />
    </StandaloneLayout>
  );
}
