import { request, type Agent, type IncomingMessage, type ServerResponse } from 'node:http';

/** Sends a request on to `target` as it came, and its answer back; a target that does not answer is a 502. */
export function passTo(target: URL, incoming: IncomingMessage, outgoing: ServerResponse, agent?: Agent): void {
  const upstream = request(
    { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(upstream);
}
