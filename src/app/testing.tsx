import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createAppRouter } from './router';

/** Test helper: the app's real router and route tree, on an in-memory history starting at `path`. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

type Answer = { status?: number; body: unknown };

/** Test helper: answers `fetch` by "METHOD /api/path"; anything else is a 404. Returns the mock to inspect calls. */
export function stubApi(answers: Record<string, Answer | (() => Answer)>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const entry = answers[`${init.method ?? 'GET'} ${url}`];
    const { status = 200, body } = (typeof entry === 'function' ? entry() : entry) ?? {
      status: 404,
      body: { success: false, message: 'Not found' },
    };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export { signInAs } from '@/test/session';
