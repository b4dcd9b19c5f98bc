import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createRequestHandler,
  createSsrStreamResponse,
  getSsrStatus,
  RouterServer,
  transformReadableStreamWithRouter,
} from '@tanstack/react-router/ssr/server';
import { renderToReadableStream } from 'react-dom/server';
import { AppFrame } from '@/app/app-frame';
import { messageModule } from '@/i18n/messages';
import { RenderedLocale } from '@/i18n/react';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { carriedQueries } from '@/app/carried-queries';
import { setApiTransport } from '@/lib/api';
import { backOfficeAreaOf } from '@/lib/guards';
import type { PageContext, PageRendererModule, RenderedPage } from '@contract/page-document';
import { setPageContextSource } from '@/lib/page-context';
import { shellPage, type ShellMatch } from './shell-page';

/** The shell answers the page, not a render: it is a private page (its route has no `ssr: true`) or a redirect. */
const SHELL = null;

const requestContext = new AsyncLocalStorage<PageContext>();

/**
 * Tags React writes ahead of the markup when it renders a tree without a document (title, meta, links such as the
 * canonical link and image preloads): each is React's own serialization, with every attribute and text escaped.
 */
const HOISTED_TAG = /^(?:<(title|style|script)\b[^>]*>[\s\S]*?<\/\1>|<(?:meta|link)\b[^>]*>)/;

/** Splits React's output into the hoisted tags for the head and the markup for the root element. */
export function splitHoisted(html: string): { head: string; body: string } {
  let head = '';
  let body = html;
  for (let match = HOISTED_TAG.exec(body); match; match = HOISTED_TAG.exec(body)) {
    head += match[0];
    body = body.slice(match[0].length);
  }
  return { head, body };
}

/**
 * Whether the route the path leads to renders on the server; an unknown path does (the 404 page), except the back
 * office's: no route of the table, its areas open in the browser with the session (the shell, status 200).
 */
export function rendersOnServer(router: ReturnType<typeof createAppRouter>, pathname: string): boolean {
  if (backOfficeAreaOf(pathname)) return false;
  const [branch, , found] = router.getMatchedRoutes(pathname);
  return !found || branch.every((route) => route.options.ssr === true);
}

/**
 * Renders public pages with React's streaming renderer and TanStack Router's SSR support: a router and a query
 * client per request on memory history, the route tree the browser uses, the route loaders' first reads awaited and
 * dehydrated into the page. Everything is awaited before the first byte (the caller can still answer the shell
 * instead), so the markup is whole for browsers without JavaScript and for crawlers. A render that throws anywhere,
 * or whose first reads fail, rejects; the caller answers the shell.
 */
export const createPageRenderer: PageRendererModule['createPageRenderer'] = ({ api }) => {
  setApiTransport(api);
  setPageContextSource(() => requestContext.getStore() ?? { origin: '', lightImages: false });

  return async ({ url, nonce, signal, locale, onShell, ...context }) => {
    const address = new URL(url, context.origin || 'http://localhost');
    const queryClient = createQueryClient();
    const answer = { status: 200 };
    const router = createAppRouter(queryClient, { nonce, answer });
    Object.assign(router.options, { dehydrate: () => ({ queries: carriedQueries(queryClient) }) });
    if (!rendersOnServer(router, address.pathname)) return SHELL;
    const unknownPath = !router.getMatchedRoutes(address.pathname)[2];
    // Aborted (too slow), the render stops where it is: the reads it started are cancelled (their calls to the API
    // aborted), React's render is aborted by the same signal, and no later step starts.
    const cancelReads = () => void queryClient.cancelQueries();
    signal.addEventListener('abort', cancelReads, { once: true });
    // Reported in order: the head the address alone gives, then the one the page's first reads give.
    let shellReported = Promise.resolve();
    const reportShell = (matches: readonly ShellMatch[]) =>
      (shellReported = shellReported.then(async () => onShell?.(await shellPage(matches, queryClient, { locale, origin: context.origin, unknownPath }))));
    if (onShell) void reportShell(router.matchRoutes(address.pathname, Object.fromEntries(address.searchParams))).catch(() => undefined);

    return requestContext.run(context, async () => {
      const errors: unknown[] = [];
      const shownTexts = new Set<string>();
      const handle = createRequestHandler({ request: new Request(address, { signal }), createRouter: () => router });
      const response = await handle(async ({ router: loaded, responseHeaders }) => {
        signal.throwIfAborted();
        const failed = loaded.state.matches.find((match) => match.status === 'error');
        if (failed) throw failed.error instanceof Error ? failed.error : new Error(`route ${failed.routeId} failed`);
        if (onShell) await reportShell(loaded.state.matches);
        signal.throwIfAborted();
        const stream = await renderToReadableStream(
          <RenderedLocale locale={locale} used={shownTexts}>
            <QueryClientProvider client={queryClient}>
              <AppFrame>
                <RouterServer router={loaded} />
              </AppFrame>
            </QueryClientProvider>
          </RenderedLocale>,
          { signal, nonce, progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
        );
        await stream.allReady;
        // A part that threw was left to the browser to render: not a page to send.
        if (errors.length > 0) throw errors[0];
        const withRouterState = transformReadableStreamWithRouter(loaded, stream, { signal });
        const status = answer.status === 200 ? getSsrStatus(loaded) : answer.status;
        return createSsrStreamResponse(loaded, new Response(withRouterState, { status, headers: responseHeaders }));
      });
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location');
        await response.body?.cancel();
        return location ? { status: response.status, location } : SHELL;
      }
      const html = await response.text().finally(() => {
        signal.removeEventListener('abort', cancelReads);
        queryClient.clear();
      });
      if (errors.length > 0) throw errors[0];
      const routeIds = router.state.matches.map((match) => match.routeId);
      const messageModules = [...shownTexts].map((name) => messageModule(name, locale));
      return { status: response.status, routeIds, messageModules, ...splitHoisted(html) } satisfies RenderedPage;
    });
  };
};
