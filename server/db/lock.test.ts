import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockDataDir, processStartTime } from './lock';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'haat-lock-'));
  dirs.push(dir);
  return dir;
};

const here = {
  bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
  pidNamespace: readlinkSync('/proc/self/ns/pid'),
};
/** A lock file as a server writes it; `age` back-dates its last heartbeat. */
function writeLock(dir: string, holder: Record<string, unknown>, ageMs = 0) {
  const path = join(dir, 'haat.lock');
  writeFileSync(path, JSON.stringify({ token: 'someone-else', ...holder }));
  const then = new Date(Date.now() - ageMs);
  utimesSync(path, then, then);
  return path;
}

describe('the data directory lock', () => {
  it('is held by a live process that really is its holder: a second taker is refused', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DatabaseLockedError);
    lock.release();
    expect(existsSync(join(dir, 'haat.lock'))).toBe(false);
    (await lockDataDir(dir)).release();
  });

  it('is taken over when its PID now belongs to another live process (a restarted container is PID 1 again)', async () => {
    const dir = tempDir();
    // This very process, and PID 1, are alive; neither started at the recorded moment.
    writeLock(dir, { pid: process.pid, startTime: '1', ...here });
    (await lockDataDir(dir)).release();
    writeLock(dir, { pid: 1, startTime: String(Number(processStartTime(1)) + 1), ...here });
    (await lockDataDir(dir)).release();
  });

  it('is refused while PID 1 holds it with its true start time, and taken once that process is gone', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: 1, startTime: processStartTime(1), ...here });
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another haat process \(pid 1\)/);
    writeLock(dir, { pid: 2 ** 22 + 1, startTime: '12345', ...here });
    (await lockDataDir(dir)).release();
  });

  it('judges a lock from another machine or container by its heartbeat', async () => {
    const dir = tempDir();
    const elsewhere = { pid: 1, startTime: '1', bootId: 'another-machine', pidNamespace: 'pid:[1]' };
    const path = writeLock(dir, elsewhere);
    // Its holder keeps touching it: held.
    const heartbeat = setInterval(() => utimesSync(path, new Date(), new Date()), 100);
    try {
      await expect(lockDataDir(dir, { staleMs: 1_000 })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      clearInterval(heartbeat);
    }
    // Untouched for longer than the stale time: its holder is gone.
    writeLock(dir, elsewhere, 2_000);
    (await lockDataDir(dir, { staleMs: 1_000 })).release();
    // Unreadable (an older format, a torn write): judged by age too.
    writeFileSync(path, '1');
    const then = new Date(Date.now() - 2_000);
    utimesSync(path, then, then);
    (await lockDataDir(dir, { staleMs: 1_000 })).release();
  }, 30_000);

  it('lets exactly one of several servers starting at once take over a stale lock', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.pid, startTime: '1', ...here });
    const attempts = await Promise.allSettled([1, 2, 3, 4, 5].map(() => lockDataDir(dir)));
    const taken = attempts.filter((a) => a.status === 'fulfilled');
    expect(taken).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 'rejected').every((a) => a.reason instanceof DatabaseLockedError)).toBe(true);
    (taken[0] as PromiseFulfilledResult<{ release(): void }>).value.release();
  });

  it('never removes a lock that another process has since taken over', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    const path = writeLock(dir, { pid: 1, startTime: processStartTime(1), ...here });
    lock.release();
    expect(existsSync(path)).toBe(true);
  });
});
