import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, ROOT } from './env';

export type SpareServer = { baseUrl: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * A server of the test's own, on a free port with a fresh database, sending the build in `webRoot`: for tests that
 * change the files being served (a new version of the app) without touching the build every other spec uses.
 */
export async function startSpareServer(webRoot: string): Promise<SpareServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-e2e-spare-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      WEB_ROOT: webRoot,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SMS_API_URL: '',
      GOOGLE_CLIENT_ID: '',
      PAYMENT_PROVIDER: 'sandbox',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  let running = true;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killTimer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  try {
    for (;;) {
      if (!running) throw new Error('the spare server exited before it was ready');
      if (await fetch(`${baseUrl}/api/config`).then((answer) => answer.ok, () => false)) return { baseUrl, stop };
      if (Date.now() > deadline) throw new Error('the spare server did not answer within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (err) {
    await stop();
    throw err;
  }
}
