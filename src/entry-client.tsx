import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate as hydrateRouter } from '@tanstack/react-router/ssr/client';
import { App, createBrowserApp } from '@/app/app';
import { applyDeferredStylesheets } from '@/app/deferred-styles';
import { holdEarlyInput } from '@/app/early-input';
import { installPrompt } from '@/app/pwa/install-prompt';
import { keepIdsInStepWithTheApp } from '@/app/server-ids';
import { markSuspenseRangesForPreact } from '@/app/suspense-markers';
import { hydrateInSlices } from '@/components/hydration-slice';
import { reloadOnFailedChunks } from '@/lib/chunk-reload';
import { catchUncaughtErrors } from '@/lib/client-errors';
import { pageContextOf, setPageContextSource } from '@/lib/page-context';
import { noteLandingRoute } from '@/lib/route-pattern';
import { whenLoadedAndIdle } from '@/lib/when-idle';
import { session } from '@/lib/session';
import './styles.css';

// From the first moment: errors are held until the reporter loads, and a release's missing files reload the page.
catchUncaughtErrors();
reloadOnFailedChunks();
// Before anything renders: Chromium may offer installation as soon as the page has loaded.
installPrompt.capture();
// Synchronous (local storage): the router's guards read it on its first load.
session.restore();
applyDeferredStylesheets();

const container = document.getElementById('root')!;
// A page the server rendered carries its decisions (origin, image sizes) and its data (the router's $_TSR scripts).
const served = pageContextOf(container);
if (served) setPageContextSource(() => served);
const hydrating = served !== null && '$_TSR' in window;

const browserApp = createBrowserApp();
const app = (
  <StrictMode>
    <App app={browserApp} hydrating={hydrating} />
  </StrictMode>
);
if (hydrating) {
  // The router takes the page's state and loads the matched routes' code first, so nothing waits at the root while
  // the page hydrates (Preact would need a Suspense boundary above the whole app for that).
  const releaseEarlyInput = holdEarlyInput(container);
  // A router that could not take the page's state still hydrates the page, which shows the route's error.
  void hydrateRouter(browserApp.router)
    .catch((error: unknown) => console.error(error))
    .finally(() => {
      window.$_TSR?.h();
      noteLandingRoute();
      markSuspenseRangesForPreact(container);
      keepIdsInStepWithTheApp();
      // The clicks held are replayed once the last slice has hydrated: on a slice still waiting they would meet markup.
      return hydrateInSlices(() => hydrateRoot(container, app)).then(releaseEarlyInput);
    });
} else createRoot(container).render(app);

// After the page has loaded, so the shell's download for offline use does not compete with the first paint on 3G.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('@/app/pwa/register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// Errors and web vitals are reported by code fetched once the page has loaded and the browser is idle, off the first
// visit's critical path; errors before then are held (src/lib/client-errors.ts) and web-vitals reads buffered entries.
if (import.meta.env.PROD) {
  whenLoadedAndIdle(() => void import('@/app/observability/start').then(({ startObservability }) => startObservability()));
}
