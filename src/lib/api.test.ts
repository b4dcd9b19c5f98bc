import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER } from '@/test/fixtures';
import { api, ApiError, REFRESH_RETRY_DELAYS_MS, setSessionExpiredHandler } from './api';
import { session } from './session';

const user = CUSTOMER;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { url: string; init: RequestInit };
const calls: Call[] = [];
const authOf = (call: Call) => (call.init.headers as Record<string, string>).Authorization;
const isRefresh = (call: Call) => call.url === '/api/user/refresh-token';

/** The network edge: every request is recorded and answered by `answer`. */
function stubFetch(answer: (call: Call) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, init };
      calls.push(call);
      return answer(call);
    }),
  );
}

const onExpired = vi.fn();

beforeEach(() => {
  calls.length = 0;
  onExpired.mockReset();
  setSessionExpiredHandler(onExpired);
  session.setUser(user, 'old-token');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('api()', () => {
  it('sends a public read without the token, and takes its 401 as the answer rather than refreshing', async () => {
    stubFetch(() => json(401, { success: false, message: 'Unauthorized' }));

    await expect(api('/products', { anonymous: true })).rejects.toMatchObject({ status: 401 });

    expect(calls).toHaveLength(1);
    expect(authOf(calls[0]!)).toBeUndefined();
    expect(onExpired).not.toHaveBeenCalled();
    expect(session.get().token).toBe('old-token');
  });

  it("sends the catalogue's public reads without the token unless told otherwise, and everything else with it", async () => {
    stubFetch(() => json(200, { success: true, message: 'ok', data: null }));

    await api('/products', { query: { search: 'rice' } });
    await api('/categories/get-names');
    await api('/products/p1', { anonymous: false });
    await api('/products/p1/reviews', { method: 'POST', body: { review: 'Good' } });
    await api('/wishlist/get-wishlist/u1');

    expect(calls.map(authOf)).toEqual([undefined, undefined, 'Bearer old-token', 'Bearer old-token', 'Bearer old-token']);
  });

  it('sends the bearer token and cookies, and resolves with the envelope', async () => {
    stubFetch(() => json(200, { success: true, message: 'ok', data: [1, 2] }));

    const answer = await api<number[]>('/orders', { query: { page: 2, search: '' } });

    expect(answer).toEqual({ success: true, message: 'ok', data: [1, 2] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/orders?page=2');
    expect(authOf(calls[0]!)).toBe('Bearer old-token');
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it('sends no Authorization header when signed out', async () => {
    session.logout();
    stubFetch(() => json(200, { success: true, message: 'ok', data: null }));

    await api('/logo');

    expect(authOf(calls[0]!)).toBeUndefined();
  });

  it('rejects with the server message and status', async () => {
    stubFetch(() => json(409, { success: false, message: 'Out of stock' }));

    const error = await api('/orders', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Out of stock', isNetworkError: false });
  });

  it('keeps the request id of a failure: from the body of a 5xx, else from the X-Request-Id header', async () => {
    stubFetch(() => json(500, { success: false, message: 'Internal Server Error', requestId: 'req-500' }));
    expect(await api('/products').catch((e: unknown) => e)).toMatchObject({ status: 500, requestId: 'req-500' });

    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'X-Request-Id': 'req-502' } }));
    expect(await api('/products').catch((e: unknown) => e)).toMatchObject({ status: 502, requestId: 'req-502', hasServerMessage: false });
  });

  it('answers three parallel 401s with exactly one refresh, then retries each with the new token', async () => {
    let releaseRefresh!: () => void;
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    stubFetch(async (call) => {
      if (isRefresh(call)) {
        await refreshHeld;
        return json(200, { success: true, message: 'refreshed', data: 'new-token' });
      }
      if (authOf(call) === 'Bearer new-token') return json(200, { success: true, message: 'ok', data: call.url });
      return json(401, { success: false, message: 'Token expired' });
    });

    const pending = Promise.all([api('/user/me'), api('/orders'), api('/wishlist')]);
    // Let all three 401s arrive while the refresh is still running.
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseRefresh();
    const answers = await pending;

    expect(answers.map((a) => a.data)).toEqual(['/api/user/me', '/api/orders', '/api/wishlist']);
    const refreshes = calls.filter(isRefresh);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.init).toMatchObject({ method: 'POST', credentials: 'include' });
    const retries = calls.filter((c) => !isRefresh(c) && authOf(c) === 'Bearer new-token');
    expect(retries.map((c) => c.url).sort()).toEqual(['/api/orders', '/api/user/me', '/api/wishlist']);
    expect(calls).toHaveLength(7);
    expect(session.get().token).toBe('new-token');
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('ends the session once and calls the expired handler when the refresh is refused', async () => {
    stubFetch((call) =>
      isRefresh(call) ? json(401, { success: false, message: 'Refresh token reused' }) : json(401, { success: false, message: 'Token expired' }),
    );

    const errors = await Promise.all([api('/orders').catch((e: unknown) => e), api('/wishlist').catch((e: unknown) => e)]);

    for (const error of errors) expect(error).toMatchObject({ status: 401, message: 'Token expired' });
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(session.get()).toMatchObject({ user: null, token: null });
    expect(localStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session and asks again when the refresh cannot reach the server, then retries the call', async () => {
    vi.useFakeTimers();
    let refreshes = 0;
    stubFetch((call) => {
      if (isRefresh(call)) {
        refreshes += 1;
        if (refreshes === 1) throw new TypeError('Failed to fetch');
        if (refreshes === 2) return json(503, { success: false, message: 'Service unavailable' });
        return json(200, { success: true, message: 'refreshed', data: 'new-token' });
      }
      return authOf(call) === 'Bearer new-token'
        ? json(200, { success: true, message: 'ok', data: [] })
        : json(401, { success: false, message: 'Token expired' });
    });

    const answer = api('/orders');
    await vi.runAllTimersAsync();

    await expect(answer).resolves.toMatchObject({ success: true });
    expect(calls.filter(isRefresh)).toHaveLength(3);
    expect(session.get()).toMatchObject({ user, token: 'new-token' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh never reaches the server: the call fails as a network error', async () => {
    vi.useFakeTimers();
    stubFetch((call) => {
      if (isRefresh(call)) throw new TypeError('Failed to fetch');
      return json(401, { success: false, message: 'Token expired' });
    });

    const errors = Promise.all([api('/orders').catch((e: unknown) => e), api('/wishlist').catch((e: unknown) => e)]);
    await vi.runAllTimersAsync();

    for (const error of await errors) expect(error).toMatchObject({ name: 'ApiError', status: 0, isNetworkError: true });
    expect(calls.filter(isRefresh)).toHaveLength(1 + REFRESH_RETRY_DELAYS_MS.length);
    expect(session.get()).toMatchObject({ user, token: 'old-token' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('does not refresh on a 401 from sign-in: wrong credentials are an answer', async () => {
    session.logout();
    stubFetch(() => json(401, { success: false, message: 'Invalid email/phone or password' }));

    const error = await api('/user/signin', { method: 'POST', body: { identifier: 'a@b.co', password: 'nope' } }).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, message: 'Invalid email/phone or password' });
    expect(calls).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('turns a network failure into ApiError with status 0', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await api('/orders').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, isNetworkError: true });
  });

  it('turns a network failure on the retry after a refresh into ApiError with status 0', async () => {
    stubFetch((call) => {
      if (isRefresh(call)) return json(200, { success: true, message: 'refreshed', data: 'new-token' });
      if (authOf(call) === 'Bearer new-token') throw new TypeError('Failed to fetch');
      return json(401, { success: false, message: 'Token expired' });
    });

    await expect(api('/orders')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('lets an abort through as an abort, not as a network error', async () => {
    stubFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    await expect(api('/orders')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
