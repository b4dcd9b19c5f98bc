import { startBuiltServer, type RunningServer } from '../../bench/support/server';
import { E2E_SERVER_ENV } from './env';

export type SpareServer = RunningServer;

/**
 * A server of the test's own, on a free port with a fresh database, sending the build in `webRoot`: for tests that
 * change the files being served (a new version of the app) without touching the build every other spec uses.
 */
export function startSpareServer(webRoot: string, { port }: { port?: number } = {}): Promise<SpareServer> {
  return startBuiltServer({ webRoot, env: E2E_SERVER_ENV, port });
}
