import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'admin-password' },
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

  it('takes over the lock of a process that is gone, and is refused while a live one holds it', async () => {
    const dataDir = tempDataDir();
    writeFileSync(join(dataDir, 'haat.lock'), '999999999');
    const database = await openPglite(dataDir);
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DatabaseLockedError);
    await database.close();
    const again = await openPglite(dataDir);
    await again.close();
  }, 60_000);
});
