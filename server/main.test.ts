import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openPglite } from './db/client';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDirs: string[] = [];
const children: ChildProcess[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'haat-main-'));
  dataDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `server/main.ts` as `npm start` runs it, always on PGlite in `dataDir`. */
function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'admin-password',
      ...env,
    },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('haat is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  // A server expected to be refused never listens; whoever awaits `listening` still gets the rejection.
  listening.catch(() => {});
  return { child, exited, listening, output: () => output };
}

describe('starting', () => {
  it('refuses to start a live (https) shop on the sandbox gateway unless PAYMENT_PROVIDER says so', async () => {
    const server = startServer(tempDataDir(), await freePort(), { PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: '' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'PUBLIC_URL is https (a live shop) but PAYMENT_PROVIDER is not set: set PAYMENT_PROVIDER=sslcommerz with the store credentials, or PAYMENT_PROVIDER=sandbox to take test payments only.',
    );
  }, 60_000);
});

describe('one PGlite directory, one process', () => {
  it('refuses a second server on the same DATA_DIR with a clear message, and SIGTERM closes cleanly', async () => {
    const dataDir = tempDataDir();
    const first = startServer(dataDir, await freePort());
    await first.listening;
    expect(existsSync(join(dataDir, 'haat.lock'))).toBe(true);

    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another haat process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'haat.lock'))).toBe(false);
  }, 90_000);

  it('starts on the lock a crashed server left, though its PID now belongs to a live process, and is refused while one holds it', async () => {
    const dataDir = tempDataDir();
    const first = startServer(dataDir, await freePort());
    await first.listening;
    first.child.kill('SIGKILL');
    await first.exited;
    // In a container the restarted server is PID 1 again: the crashed one's PID is alive, but started at another time.
    const lockPath = join(dataDir, 'haat.lock');
    const left = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number };
    writeFileSync(lockPath, JSON.stringify({ ...left, pid: 1 }));

    const database = await openPglite(dataDir);
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DatabaseLockedError);
    await database.close();
    const again = await openPglite(dataDir);
    await again.close();
  }, 90_000);

  it('on SIGTERM answers /api/ready 503 at once and goes on serving new connections for SHUTDOWN_DRAIN_SECONDS, then exits', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const server = startServer(dataDir, port, { SHUTDOWN_DRAIN_SECONDS: '3', SHUTDOWN_TIMEOUT_SECONDS: '1' });
    await server.listening;
    const origin = `http://127.0.0.1:${port}`;
    // Ready as a balancer sees it: its probe repeats while the database is busy with the start's own work.
    await expect.poll(async () => (await fetch(`${origin}/api/ready`)).status, { timeout: 30_000 }).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // A balancer's probe sees the process leaving; each probe is a new connection, which the server still takes.
    let ready = 200;
    while (ready === 200) ready = (await fetch(`${origin}/api/ready`)).status;
    expect(ready).toBe(503);
    const during = await fetch(`${origin}/api/products?limit=1`);
    expect(during.status).toBe(200);
    // The answer tells a kept-alive connection to end, so the balancer's pool lets go of this process.
    expect(during.headers.get('connection')).toBe('close');

    expect(await server.exited, server.output()).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3_000);
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
  }, 180_000);

  it('exits within SHUTDOWN_TIMEOUT_SECONDS of SIGTERM though a request hangs, closing the database and its lock', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const server = startServer(dataDir, port, { SHUTDOWN_DRAIN_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '1' });
    await server.listening;
    // A request whose body never comes: it stays in flight until the server gives up on it.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/user/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"identifier":');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(1_000 + 5_000);
    expect(existsSync(join(dataDir, 'haat.lock'))).toBe(false);
    socket.destroy();
  }, 90_000);
});
