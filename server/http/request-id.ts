import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a load balancer may have given the request: short and plain, so it cannot break a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id, in every log line of the request and in its answer's `X-Request-Id`: the one a balancer in front
 * sent when it is sane, so its logs and ours share it, else a new UUID. It only ties lines together; nothing trusts it.
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
