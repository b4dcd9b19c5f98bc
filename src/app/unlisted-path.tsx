import { lazyRouteComponent, useRouter, useRouterState, type ParsedLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFoundPage } from '@/components/not-found-page';
import { backOfficeAreaOf, type BackOfficeArea } from '@/lib/guards';
import { session } from '@/lib/session';
import { LanguageSwitch } from './layout/language-switch';
import { StandaloneLayout } from './layout/standalone-layout';

// The back office's screens, in chunks of their own that only an admin or a seller downloads.
const AdminArea = lazyRouteComponent(() => import('@/features/back-office/pages/back-office-area'), 'AdminArea');
const SellerArea = lazyRouteComponent(() => import('@/features/back-office/pages/back-office-area'), 'SellerArea');

/**
 * What the root shows for a path its route table does not list. That table is the storefront's alone (it is part of
 * every first visit), so the back office opens here, for its areas' paths (`/admin…`, `/seller…`), outside the
 * storefront's frame; every other path is not found.
 */
export function UnlistedPath() {
  // The location on screen: the router's changes as soon as a navigation starts, the resolved one once it has loaded
  // (the router's first load has none until it settles, nor is anything shown here before).
  const location = useRouterState({ select: (state) => state.resolvedLocation ?? (state.status === 'idle' ? state.location : null) });
  if (location === null) return null;
  const area = backOfficeAreaOf(location.pathname);
  if (area) return <BackOffice area={area} location={location} />;
  return (
    <StandaloneLayout>
      <NotFoundPage />
    </StandaloneLayout>
  );
}

/**
 * An area for its own role only, as a route's guard would have it (requireRole): signed out, sign in first and come
 * back; another role, the unauthorized page.
 */
function BackOffice({ area, location }: { area: BackOfficeArea; location: ParsedLocation }) {
  const router = useRouter();
  const { user, token } = session.get();
  const refused = !user || !token ? 'signed-out' : user.role !== area ? 'other-role' : null;
  useEffect(() => {
    if (refused === 'signed-out') void router.navigate({ to: '/login', search: { redirect: location.href }, replace: true });
    else if (refused === 'other-role') void router.navigate({ to: '/unauthorized', replace: true });
  }, [refused, location, router]);
  if (refused) return null;
  const Area = area === 'admin' ? AdminArea : SellerArea;
  return <Area pathname={location.pathname} languageSwitch={<LanguageSwitch />} />;
}
