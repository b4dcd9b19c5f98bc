import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { memo, Suspense } from 'react';
import type { LogoProp } from '@/components/logo';
import { lazyPart, WhenNear } from '@/components/when-near';
import { useMessages } from '@/i18n/react';
import { isWaitingForNetwork } from '@/lib/online';
import { appText } from '@/messages/app';
import { logoQuery } from './logo';
import { Navbar } from './navbar';
import { OfflineBanner } from './offline-banner';

// The footer's code arrives as it nears the screen: most of a phone's first visit never scrolls that far.
const Footer = lazyPart(() => import('../after-start').then((m) => m.Footer));

const FOOTER_ROOT_MARGIN = '400px';

/** Memoised: a footer waiting to be hydrated must not be handed new props while the page starts (see WhenNear). */
const FooterWhenNear = memo(function FooterWhenNear({ logo }: { logo: LogoProp }) {
  return (
    <WhenNear rootMargin={FOOTER_ROOT_MARGIN} load={Footer.load}>
      <Footer logo={logo} />
    </WhenNear>
  );
});

/** The storefront frame: navigation bar, routed page, footer; both bars get the logo. */
export function MainLayout() {
  const logoResult = useQuery(logoQuery);
  const text = useMessages(appText);
  // undefined while loading; a failed call, or one waiting for a connection, falls back to the wordmark like a missing logo.
  const logo = logoResult.isPending && !isWaitingForNetwork(logoResult) ? undefined : (logoResult.data ?? null);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {text.skipToContent}
      </a>
      {/* A Suspense boundary: hydrated on its own, like the page's blocks (see the home page). */}
      <Suspense>
        <Navbar logo={logo} />
      </Suspense>
      <main id="main" tabIndex={-1} className="min-h-screen focus:outline-none">
        <OfflineBanner />
        <Outlet />
      </main>
      <FooterWhenNear logo={logo} />
    </>
  );
}
