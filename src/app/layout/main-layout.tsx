import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isWaitingForNetwork } from '@/lib/online';
import { logoQuery } from './logo';
import { NavbarOutline } from './navbar-outline';
import { OfflineBanner } from './offline-banner';

// Their own chunks, so the page content is not held up by them on a slow connection.
const Navbar = lazy(() => import('./navbar').then((m) => ({ default: m.Navbar })));
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

/** The storefront frame: navigation bar, routed page, footer; both bars get the logo. */
export function MainLayout() {
  const logoResult = useQuery(logoQuery);
  // undefined while loading; a failed call, or one waiting for a connection, falls back to the wordmark like a missing logo.
  const logo = logoResult.isPending && !isWaitingForNetwork(logoResult) ? undefined : (logoResult.data ?? null);
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <Suspense fallback={<NavbarOutline />}>
        <Navbar logo={logo} />
      </Suspense>
      <main id="main" tabIndex={-1} className="min-h-screen focus:outline-none">
        <OfflineBanner />
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer logo={logo} />
      </Suspense>
    </>
  );
}
