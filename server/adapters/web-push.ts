import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import webPush from 'web-push';
import type { VapidDetails } from '../config';
import { isPublicAddress, publicOnlyLookup, RefusedAddressError } from '../lib/outbound-address';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOptions = {
  /** How long the push service keeps it for a device that is offline; 0: now or never. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer push of the same topic replaces one the push service still holds (at most 32 base64url characters). */
  topic?: string;
};
/** `gone`: the push service no longer knows the subscription (the browser unsubscribed or the app was removed). */
export type PushOutcome = 'delivered' | 'gone';
export type PushSender = { send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> };

export type PushSenderOptions = {
  /** Tests only: the push service may be on 127.0.0.1. */
  allowLoopback: boolean;
  /** The resolver host names go through (the system's unless a test gives its own). */
  resolve?: Parameters<typeof publicOnlyLookup>[1];
};

const PUSH_SERVICE_DEADLINE_MS = 10_000;
/** What of a refusal's body is kept for the log. */
const ANSWER_KEPT_BYTES = 200;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the browser (RFC 8291, aes128gcm).
 * `web-push` builds the request; it is sent here so that it goes only to the internet: the host is resolved once, every
 * address it has must be public (never this machine, a private network or the cloud's metadata service), the
 * connection goes to the address checked, and a redirect is an answer, never followed. A test's push service may be
 * plain http on 127.0.0.1 (`allowLoopback`).
 */
export function webPushSender(vapid: VapidDetails, { allowLoopback, resolve }: PushSenderOptions): PushSender {
  const lookup = publicOnlyLookup(allowLoopback, resolve);
  return {
    async send(target, payload, { ttlSeconds, urgency, topic }) {
      const request = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        urgency,
        ...(topic && { topic }),
      });
      const url = new URL(request.endpoint);
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(literal) && !isPublicAddress(literal, allowLoopback)) throw new RefusedAddressError(`${literal} is not on the internet: refused`);
      const body = request.body ? Buffer.from(request.body) : Buffer.alloc(0);
      const headers = {
        ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        'content-length': String(body.length),
      };
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const res = await new Promise<IncomingMessage>((resolveAnswer, reject) => {
        const outgoing = send(url, { method: 'POST', headers, lookup, agent: false, signal: AbortSignal.timeout(PUSH_SERVICE_DEADLINE_MS) }, resolveAnswer);
        outgoing.on('error', reject);
        outgoing.end(body);
      });
      const answer = await firstBytes(res);
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) return 'delivered';
      if (status === 404 || status === 410) return 'gone';
      throw new Error(`the push service refused the notification (HTTP ${status}): ${answer}`);
    },
  };
}

/** The start of an answer's body (for the log); the rest is read and dropped so the connection ends. */
function firstBytes(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const kept: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      if (size < ANSWER_KEPT_BYTES) kept.push(chunk.subarray(0, ANSWER_KEPT_BYTES - size));
      size += chunk.length;
    });
    res.on('end', () => resolve(Buffer.concat(kept).toString('utf8')));
    res.on('error', () => resolve(Buffer.concat(kept).toString('utf8')));
    res.on('close', () => resolve(Buffer.concat(kept).toString('utf8')));
  });
}
