/**
 * Lines for the person at the terminal, outside the server's structured log: what the seed command did, that the
 * server runs and where, why it cannot start (before its logger exists), the admin's first password (kept out of the
 * log, which may be shipped elsewhere), the database connection's own complaints and the outbox's messages on a
 * machine without mail and SMS providers. Everything a request causes is logged through Fastify's logger instead,
 * with the request's id.
 */
export const terminal = {
  say(line: string): void {
    process.stdout.write(`${line}\n`);
  },
  complain(line: string): void {
    process.stderr.write(`${line}\n`);
  },
};

/** An error as one line for the terminal: its stack when it has one. */
export const describeError = (err: unknown): string => (err instanceof Error ? (err.stack ?? err.message) : String(err));
