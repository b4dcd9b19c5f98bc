import { vi } from 'vitest';

/** An answer of the stubbed API; 'network-error' makes fetch reject the way a dropped connection does. */
export type Reply = { status?: number; body?: unknown } | 'network-error';
/** A fixed answer, or one made from what was sent (the parsed JSON body) and the request's URL. */
export type Handler = Reply | ((sent: unknown, url: URL) => Reply | Promise<Reply>);

const NOT_FOUND: Reply = { status: 404, body: { success: false, message: 'Not found' } };

/** The envelope of a successful answer. */
export const ok = (data: unknown, status = 200): Reply => ({ status, body: { success: true, message: 'OK', data } });

/** The envelope of a refusal. */
export const refused = (status: number, message: string): Reply => ({ status, body: { success: false, message } });

const parse = (body: BodyInit | null | undefined): unknown => (typeof body === 'string' ? JSON.parse(body) : body);

/**
 * Stubs `fetch` at the network edge, the one place the browser tests fake: answers by "METHOD /api/path?query" as
 * the page sends it, or by "METHOD /api/path" whatever the query; anything else answers 404. Returns the spy, whose
 * calls hold what the page sent.
 */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = init.method ?? 'GET';
    const handler = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`] ?? NOT_FOUND;
    const reply = typeof handler === 'function' ? await handler(parse(init.body), url) : handler;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? { success: true, message: 'OK', data: null }), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type FetchMock = ReturnType<typeof stubApi>;

export type SentRequest = { route: string; query: Record<string, string>; body: unknown; headers: Record<string, string> };

/** Every request the page sent, in order: its "METHOD /api/path", query, parsed body and headers. */
export function requestsMade(fetchMock: FetchMock): SentRequest[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), window.location.origin);
    return {
      route: `${init?.method ?? 'GET'} ${url.pathname}`,
      query: Object.fromEntries(url.searchParams),
      body: parse(init?.body),
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
  });
}

/** The requests sent to "METHOD /api/path", in order. */
export const requestsTo = (fetchMock: FetchMock, route: string): SentRequest[] => requestsMade(fetchMock).filter((request) => request.route === route);

/** The queries sent to "METHOD /api/path", in order, as objects. */
export const queriesSentTo = (fetchMock: FetchMock, route: string): Record<string, string>[] => requestsTo(fetchMock, route).map((request) => request.query);

/** The JSON bodies sent to "METHOD /api/path", in order. */
export const bodiesSentTo = (fetchMock: FetchMock, route: string): unknown[] => requestsTo(fetchMock, route).map((request) => request.body);

/** Every request fails the way it does with no connection. */
export function stubNetworkDown() {
  const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
