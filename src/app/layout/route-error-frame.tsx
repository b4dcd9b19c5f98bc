import { useMatch, type ErrorComponentProps } from '@tanstack/react-router';
import type { ErrorHome } from '@/components/error-screen';
import { RouteError } from '@/components/route-error';
import { StandaloneLayout } from './standalone-layout';

/** The back office's areas, outside the shop's frame: 'Go home' leads to the area's first screen. */
const AREA_HOME: Record<string, ErrorHome> = { '/admin/$': 'admin', '/seller/$': 'seller' };

/**
 * Every route's error screen (the router's defaultErrorComponent and the root's), placed by the route that failed: a
 * page's failure shows inside its layout (the shop's frame, the customer area's menu, the checkout's); the frame's own,
 * the root's, the pages outside the frame and the back office's on a page of their own, the back office's leading
 * home to the area's first screen. Set here rather than on each route: a route's errorComponent would be split into a
 * chunk of its own, which after a release may be gone exactly when it is needed.
 */
export function RouteErrorInFrame(props: ErrorComponentProps) {
  const routeId: string = useMatch({ strict: false, select: (match) => match.routeId ?? '' });
  // A page in the shop's frame (under the `_main` layout) keeps the frame; the frame's own failure and the pages
  // outside it get a page of their own.
  if (routeId.startsWith('/_main/')) return <RouteError {...props} />;
  return (
    <StandaloneLayout>
      <RouteError {...props} home={AREA_HOME[routeId] ?? 'shop'} />
    </StandaloneLayout>
  );
}
