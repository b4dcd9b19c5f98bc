import type { ApiFailure, ApiSuccess } from '@contract/envelope';
import { isPublicCatalogueRead } from '@contract/public-reads';
import { session } from './session';

export const API_BASE = '/api';

/** What a call that never reached the server says; `networkError` is its code among the server's. */
export const NETWORK_ERROR = 'Network error: check your connection and try again';

/**
 * A failed call: the server's message and status, or a network failure (status 0). `code` names the message in the
 * API's catalogue (contract/api-messages.ts) and `values` are what its text was made from: `useApiMessage` says it in
 * the shopper's language.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: ApiFailure['errors'],
    /** False when the answer carried no message of the server's, so screens show their own text instead. */
    readonly hasServerMessage = true,
    readonly code?: string,
    readonly values?: ApiFailure['values'],
    /** The server's id of the request (its `X-Request-Id`, in its log lines): what a shopper quotes to support. */
    readonly requestId?: string,
    /** What the refusal found, in the shape its code declares (`details` of contract/envelope.ts). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Sent without the shopper's token: a public read, whose answer is the same for everyone, so the service worker may
   * keep it for offline use (it never keeps anything sent with a token). By default, the catalogue's public reads.
   */
  anonymous?: boolean;
};

/** Calls that are part of signing in: a 401 from them is an answer, not an expired session. */
const NO_REFRESH = /^\/user\/(signin|google-login|refresh-token|logout|register|verify-account|verify-otp|forgot-password|verify-reset-otp|reset-password)\b/;

let onSessionExpired: () => void = () => {
  window.location.assign('/login');
};

/** The app tells the client how to send a user to /login after a failed refresh. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** What carries a call: the browser's fetch, or, where the server renders a page, its own API answering in process. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** The server renders pages with its own API: it hands over how to call it (relative `/api/...` addresses). */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  // A form, or a file sent as it is (its type among the call's headers).
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return transport(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

let refreshing: Promise<string | null> | null = null;

/**
 * How long to wait before asking again when a refresh could not reach the server (or the server could not answer):
 * a dropped connection is no reason to sign the shopper out.
 */
export const REFRESH_RETRY_DELAYS_MS = [500, 2_000] as const;

/** The refresh's answer: a new token, a refusal, or no answer at all (a network failure or a server error). */
async function askForToken(): Promise<string | 'refused' | 'unanswered'> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/user/refresh-token`, { method: 'POST', credentials: 'include' });
  } catch {
    return 'unanswered';
  }
  if (res.status >= 500) return 'unanswered';
  const json = (await res.json().catch(() => null)) as { success?: boolean; data?: unknown } | null;
  return res.ok && json?.success && typeof json.data === 'string' ? json.data : 'refused';
}

/**
 * One refresh at a time: every 401 that arrives while a refresh runs waits for the same answer.
 * A refused refresh ends the session here, once, however many calls were waiting on it. A refresh that gets no answer
 * is asked again after REFRESH_RETRY_DELAYS_MS; still unanswered, the session stays (the next 401 refreshes again) and
 * the waiting calls fail as network errors.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    let answer = await askForToken();
    for (const delay of REFRESH_RETRY_DELAYS_MS) {
      if (answer !== 'unanswered') break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      answer = await askForToken();
    }
    if (answer === 'unanswered') throw new ApiError(NETWORK_ERROR, 0, undefined, true, 'networkError');
    if (answer !== 'refused' && session.get().user) {
      session.updateToken(answer);
      return answer;
    }
    session.logout();
    onSessionExpired();
    return null;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function sendOrFail(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  try {
    return await send(path, options, token);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR, 0, undefined, true, 'networkError');
  }
}

async function fetchWithRefresh(path: string, options: RequestOptions): Promise<Response> {
  const anonymous = options.anonymous ?? ((options.method ?? 'GET') === 'GET' && isPublicCatalogueRead(path));
  if (anonymous) return sendOrFail(path, options, null);
  const res = await sendOrFail(path, options, session.get().token);
  if (res.status !== 401 || NO_REFRESH.test(path)) return res;
  const token = await refreshAccessToken();
  return token ? sendOrFail(path, options, token) : res;
}

async function failureOf(res: Response): Promise<ApiError> {
  const json = (await res.json().catch(() => null)) as Partial<ApiFailure> | null;
  const requestId = json?.requestId ?? res.headers.get('X-Request-Id') ?? undefined;
  if (json?.message) return new ApiError(json.message, res.status, json.errors, true, json.code, json.values, requestId, json.details);
  return new ApiError('Request failed', res.status, undefined, false, undefined, undefined, requestId);
}

/** A JSON call to the API: resolves with the `{ success, message, data }` envelope, rejects with ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  const res = await fetchWithRefresh(path, options);
  if (!res.ok) throw await failureOf(res);
  return (await res.json()) as ApiSuccess<T>;
}

/** A stream of server-sent events with the same session, refresh and errors: the open body, read until it ends. */
export async function apiEventStream(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<ReadableStream<Uint8Array>> {
  const res = await fetchWithRefresh(path, { ...options, headers: { Accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw await failureOf(res);
  return res.body;
}

/** A binary download (e.g. an invoice PDF) with the same headers, refresh and errors. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const res = await fetchWithRefresh(path, options);
  if (!res.ok) throw await failureOf(res);
  return res.blob();
}
