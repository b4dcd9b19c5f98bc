import type { FastifyInstance } from 'fastify';
import type { Fields } from './protocol';

export type GatewayRequest = { method: 'GET' | 'POST'; url: string; form?: Fields };
export type GatewayResponse = { status: number; body: string };
/** How the protocol code reaches a gateway (or a merchant's IPN URL). */
export type Transport = (request: GatewayRequest) => Promise<GatewayResponse>;

const TIMEOUT_MS = 30_000;

const formBody = (form: Fields | undefined) => new URLSearchParams(form ?? {}).toString();

/**
 * Calls to our own public URL (the sandbox gateway, and its IPN back to us) stay inside the process through
 * `app.inject`: no network, no dependence on the public URL being reachable from the server itself, and API tests
 * drive the whole flow. Anything else (SSLCommerz) goes over HTTPS with a time limit.
 */
export function gatewayTransport(app: FastifyInstance, publicUrl: string): Transport {
  const ownPrefix = `${publicUrl}/`;
  return async ({ method, url, form }) => {
    const headers = form ? { 'content-type': 'application/x-www-form-urlencoded' } : undefined;
    if (url.startsWith(ownPrefix)) {
      const res = await app.inject({ method, url: url.slice(publicUrl.length), headers, payload: form ? formBody(form) : undefined });
      return { status: res.statusCode, body: res.body };
    }
    const res = await fetch(url, { method, headers, body: form ? formBody(form) : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: res.status, body: await res.text() };
  };
}

/** Lets a plugin's routes read the form posts gateways send (`application/x-www-form-urlencoded`). */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
