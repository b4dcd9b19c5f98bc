import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate as hydrateRouter } from '@tanstack/react-router/ssr/client';
import { App, createBrowserApp } from '@/app/app';
import { applyDeferredStylesheets } from '@/app/deferred-styles';
import { holdEarlyInput } from '@/app/early-input';
import { installPrompt } from '@/app/pwa/install-prompt';
import { reloadOnFailedChunks } from '@/lib/chunk-reload';
import { catchUncaughtErrors } from '@/lib/client-errors';
import { PAGE_ATTRIBUTES } from '@contract/page-document';
import { pageContextOf, setPageContextSource } from '@/lib/page-context';
import { noteLandingRoute } from '@/lib/route-pattern';
import { whenLoaded, whenLoadedAndIdle } from '@/lib/when-idle';
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

/**
 * Resolves in a task of its own: the start's steps (the app's modules, building the router and query client, the router
 * taking the page's state, React's first pass) take a task each, where together they made one of the longest tasks of
 * a first visit.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * Calls `then` once the page's frame has hydrated (its effects run only then); the parts in Suspense boundaries follow.
 * After the effect, not in it: a click replayed there onto a part still waiting could not make React hydrate it first.
 */
function AfterHydration({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(() => queueMicrotask(then), [then]);
  return children;
}

if (hydrating) {
  // Nothing of the app listens until hydrateRoot has run, and React replays no click made before it has hydrated the
  // part clicked: the page's input is held until the frame has hydrated (from then on React hydrates a part still
  // waiting as soon as it is tapped).
  const releaseEarlyInput = holdEarlyInput(container);
  // The router takes the page's state and loads the matched routes' code first, so the page hydrates in one pass.
  // A router that could not take the page's state still hydrates the page, which shows the route's error.
  void nextTask()
    .then(createBrowserApp)
    .then(async (browserApp) => {
      await nextTask();
      await hydrateRouter(browserApp.router).catch(console.error);
      await nextTask();
      window.$_TSR?.h();
      noteLandingRoute();
      // A copy the service worker kept carries the answers of when it was kept: asked for again once the page has
      // loaded and the browser is idle, its parts hydrated (offline, the worker's copies answer or the page stays).
      if (container.hasAttribute(PAGE_ATTRIBUTES.keptAt)) {
        const carried = new Set(browserApp.queryClient.getQueryCache().getAll());
        whenLoadedAndIdle(() => void browserApp.queryClient.invalidateQueries({ predicate: (query) => carried.has(query) }));
      }
      // In a transition, React hydrates the frame in slices of a few milliseconds with the browser free between them,
      // as it does the blocks; outside one the frame's hydration is one task. A tap meanwhile makes React finish it at once.
      startTransition(() => {
        hydrateRoot(
          container,
          <StrictMode>
            <AfterHydration then={releaseEarlyInput}>
              <App app={browserApp} hydrating />
            </AfterHydration>
          </StrictMode>,
        );
      });
    });
} else {
  createRoot(container).render(
    <StrictMode>
      <App app={createBrowserApp()} hydrating={false} />
    </StrictMode>,
  );
}

// After the page has loaded, so the shell's download for offline use does not compete with the first paint on 3G.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenLoaded(() => void import('@/app/after-start').then(({ registerServiceWorker }) => registerServiceWorker()));
}

// Errors and web vitals are reported by code fetched once the page has loaded and the browser is idle, off the first
// visit's critical path; errors before then are held (src/lib/client-errors.ts) and web-vitals reads buffered entries.
if (import.meta.env.PROD) {
  whenLoadedAndIdle(() => void import('@/app/after-start').then(({ startObservability }) => startObservability()));
}
