import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { isPublicAddress, publicOnlyLookup, RefusedAddressError } from '../../lib/outbound-address';

export type CourierRequest = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; json?: unknown };
/** `body`: the answer's JSON, or null when it was not JSON. */
export type CourierAnswer = { status: number; body: unknown };
/** How an adapter reaches its courier: a path below the courier's base URL, and nowhere else. */
export type CourierTransport = (request: CourierRequest) => Promise<CourierAnswer>;

/** A courier that has not answered by then has failed; the admin may book again. */
export const COURIER_DEADLINE_MS = 15_000;
/** An answer is a parcel's few fields: anything longer is cut off and refused. */
const ANSWER_MAX_BYTES = 256 * 1024;

export type TransportOptions = {
  /** Tests only: the courier may be plain http on 127.0.0.1. */
  allowLoopback: boolean;
  /** The resolver host names go through (the system's unless a test gives its own). */
  resolve?: Parameters<typeof publicOnlyLookup>[1];
};

/**
 * Requests to a courier's merchant API, only ever below `baseUrl` (its host, from the configuration): over https, to
 * an address on the internet (resolved once and checked, as push does), within COURIER_DEADLINE_MS, with a redirect
 * taken as a failed answer rather than followed, and an answer of at most ANSWER_MAX_BYTES.
 */
export function courierTransport(baseUrl: string, { allowLoopback, resolve }: TransportOptions): CourierTransport {
  const base = new URL(baseUrl);
  const lookup = publicOnlyLookup(allowLoopback, resolve);
  return async ({ method, path, headers = {}, json }) => {
    const url = new URL(`${baseUrl}${path}`);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname))
      throw new RefusedAddressError(`${url.origin}${url.pathname} is not below ${baseUrl}: refused`);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !isPublicAddress(literal, allowLoopback)) throw new RefusedAddressError(`${literal} is not on the internet: refused`);
    if (url.protocol !== 'https:' && !(allowLoopback && literal === '127.0.0.1')) throw new RefusedAddressError(`${url.origin} is not https: refused`);
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const sent = {
      accept: 'application/json',
      ...headers,
      ...(body && { 'content-type': 'application/json', 'content-length': String(body.length) }),
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const res = await new Promise<IncomingMessage>((answer, reject) => {
      const outgoing = send(url, { method, headers: sent, lookup, agent: false, signal: AbortSignal.timeout(COURIER_DEADLINE_MS) }, answer);
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    return { status: res.statusCode ?? 0, body: parseJson(await readAnswer(res)) };
  };
}

function readAnswer(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > ANSWER_MAX_BYTES) {
        res.destroy();
        reject(new Error(`the courier's answer is over ${ANSWER_MAX_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The sandbox courier is this server: its calls stay inside the process through `app.inject`, as the sandbox
 * gateway's do, so nothing depends on the public URL being reachable from the server itself.
 */
export function ownTransport(app: FastifyInstance, basePath: string): CourierTransport {
  return async ({ method, path, headers, json }) => {
    const res = await app.inject({ method, url: `${basePath}${path}`, headers, ...(json !== undefined && { payload: json as object }) });
    return { status: res.statusCode, body: parseJson(res.body) };
  };
}
