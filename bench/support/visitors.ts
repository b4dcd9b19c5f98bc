/**
 * Load from many shoppers, as a shop behind a load balancer sees it: each benchmark connection is its own visitor,
 * named in `X-Forwarded-For` (documentation addresses, one IPv6 /64 each), and the server trusts the loopback
 * balancer (`VISITORS_SERVER_ENV`). Without it every connection would be one client, and the server's per-client
 * shares would answer most of them 429.
 */
export const VISITORS_SERVER_ENV = { TRUST_PROXY: '127.0.0.1' } as const;

/** autocannon's `setupClient`: gives each new connection the next visitor's address. */
export function eachConnectionAVisitor(headers: Record<string, string>) {
  let visitor = 0;
  return (client: { setHeaders: (headers: Record<string, string>) => void }) => {
    visitor += 1;
    client.setHeaders({ ...headers, 'x-forwarded-for': `2001:db8:${visitor.toString(16)}::1` });
  };
}
