import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The build measured: dist/, or WEB_ROOT when set (the server reads the same variable). */
export const DIST = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : join(ROOT, 'dist');
/** The server's build (`npm run build`), which production runs. */
export const SERVER_MAIN = join(ROOT, 'dist', '.node', 'server', 'main.js');

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the built app as production runs it (`node dist/.node/server/main.js`) on a free port, with a
 * throwaway PGlite DATA_DIR, and resolves once the API answers. `webRoot` serves another build; `env` adds settings;
 * `dataDir` keeps the database in a folder of the caller's (left in place when the server stops); `port` reuses an
 * address (a server restarted on a new build answers the pages of the old one).
 */
export async function startBuiltServer({
  webRoot = DIST,
  env = {},
  dataDir: keptDataDir,
  port: chosenPort,
}: { webRoot?: string; env?: Record<string, string>; dataDir?: string; port?: number } = {}): Promise<RunningServer> {
  for (const built of [join(webRoot, 'index.html'), SERVER_MAIN]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  // BENCH_PORT pins the port (a machine shared with other servers may set aside a range for benchmarks).
  const port = chosenPort ?? (process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'haat-server-'));
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      WEB_ROOT: webRoot,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killTimer);
    }
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  try {
    for (;;) {
      if (!running) throw new Error('the server exited before it was ready');
      const ready = await fetch(`${baseUrl}/api/config`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return { baseUrl, stop };
      if (Date.now() > deadline) throw new Error('the server did not answer within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (err) {
    await stop();
    throw err;
  }
}
