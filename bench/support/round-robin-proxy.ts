/**
 * A small HTTP balancer for benchmarks: `node --import tsx bench/support/round-robin-proxy.ts <port> <origin>…` sends
 * each request to the next origin in turn over kept-alive connections, and prints `listening` once it is. What a real
 * balancer (nginx, a cloud load balancer) does in front of several server processes, minus health checks.
 */
import { Agent, createServer } from 'node:http';
import { passTo } from './pass-through';

const [port, ...origins] = process.argv.slice(2);
if (!port || origins.length === 0) throw new Error('usage: round-robin-proxy.ts <port> <origin>...');
const targets = origins.map((origin) => new URL(origin));
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = createServer((incoming, outgoing) => passTo(targets[next++ % targets.length]!, incoming, outgoing, agent));
server.keepAliveTimeout = 30_000;
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
