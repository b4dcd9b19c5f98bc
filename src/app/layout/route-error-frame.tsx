import { useMatch, type ErrorComponentProps } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { StandaloneLayout } from './standalone-layout';

/**
 * Every route's error screen (the router's defaultErrorComponent and the root's), placed by the route that failed: a
 * page's failure shows inside its layout (the shop's frame, the customer area's menu, the checkout's); the frame's own,
 * the root's and the pages outside the frame on a page of their own. Set here rather than on each route: a route's
 * errorComponent would be split into a chunk of its own, which after a release may be gone exactly when it is needed.
 * (The back office, no route of the table, shows a screen's failure in its own frame: back-office-area.tsx.)
 */
export function RouteErrorInFrame(props: ErrorComponentProps) {
  const routeId: string = useMatch({ strict: false, select: (match) => match.routeId ?? '' });
  // A page in the shop's frame (under the `_main` layout) keeps the frame; the frame's own failure and the pages
  // outside it get a page of their own.
  if (routeId.startsWith('/_main/')) return <RouteError {...props} />;
  return (
    <StandaloneLayout>
      <RouteError {...props} />
    </StandaloneLayout>
  );
}
