import type { FastifyInstance, FastifyReply } from 'fastify';

/** A comment line this often keeps an idle stream open through proxies, and finds a page that has gone. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** A stream ends after this long and the page opens another, with its current token: a revoked session stops hearing. */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** How long a page waits before opening a stream again (the stream's `retry`). */
const STREAM_RETRY_MS = 3_000;

export type EventStream = { send(event: string, data: unknown): void };

/**
 * Server-sent events for the app's routes: `open(reply, onEnd)` turns the reply into a stream that lives for
 * STREAM_LIFETIME_MS at most, with a heartbeat, and calls `onEnd` once when it ends, however it ends. Open streams
 * would hold the server open: they all end before it closes.
 */
export function eventStreams(app: FastifyInstance): { open(reply: FastifyReply, onEnd: () => void): EventStream } {
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => streams.forEach((end) => end()));
  return {
    open(reply, onEnd) {
      reply.hijack();
      const raw = reply.raw;
      // The connection is the stream's own: it closes with the stream, so nothing holds the server open once it ended.
      raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no', connection: 'close' });
      raw.write(`retry: ${STREAM_RETRY_MS}\n: open\n\n`);
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), STREAM_HEARTBEAT_MS);
      const end = () => {
        if (!streams.delete(end)) return;
        onEnd();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        raw.end();
      };
      const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
      streams.add(end);
      raw.on('close', end);
      return { send: (event, data) => void raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) };
    },
  };
}
