import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process only: `DATA_DIR/haat.lock` names the process that holds the directory. Node cannot hold an
 * flock, so a lock is judged by who wrote it:
 *
 * - Written on this machine since its last boot, in this PID namespace (Linux: the boot id and /proc/self/ns/pid),
 *   the holder is alive when a process with its PID exists AND started at the recorded moment (/proc/<pid>/stat,
 *   field 22). A PID reused by another process (in a container the server is always PID 1) does not hold it, so a
 *   crashed server's lock is taken over at once.
 * - Otherwise (another container or machine sharing the directory, or a lock of unknown form) the holder proves it is
 *   alive by touching the file every HEARTBEAT_MS: a lock untouched for `staleMs` is taken over; one that is touched
 *   while we watch is held.
 *
 * Taking over a stale lock is itself guarded by an exclusive `haat.lock.takeover` file, so two servers starting at
 * once never both remove a lock and both believe they hold the next one.
 */

export class DatabaseLockedError extends Error {}

type Holder = { pid: number; startTime: string | null; bootId: string | null; pidNamespace: string | null; token: string };

const HEARTBEAT_MS = 10_000;
const STALE_MS = 30_000;
/** A takeover guard left by a process that died while taking over is removed after this long. */
const TAKEOVER_STALE_MS = 10_000;

const readOrNull = (read: () => string) => {
  try {
    return read().trim();
  } catch {
    return null;
  }
};

/** When a process started, in clock ticks since boot (field 22 of /proc/<pid>/stat); null without /proc or process. */
export function processStartTime(pid: number): string | null {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function ourselves(): Holder {
  return {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    bootId: readOrNull(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: readOrNull(() => readlinkSync('/proc/self/ns/pid')),
    token: randomBytes(12).toString('hex'),
  };
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return typeof value.pid === 'number' && typeof value.token === 'string'
      ? { pid: value.pid, startTime: value.startTime ?? null, bootId: value.bootId ?? null, pidNamespace: value.pidNamespace ?? null, token: value.token }
      : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lock file's content and state, or null when it is gone. */
function readLock(path: string): { holder: Holder | null; stat: Stats } | null {
  try {
    const stat = statSync(path);
    return { holder: parseHolder(readFileSync(path, 'utf8')), stat };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Whether the lock's holder is alive, by its identity when we can check it, else by its heartbeat. */
async function isHeld(path: string, found: { holder: Holder | null; stat: Stats }, me: Holder, staleMs: number): Promise<boolean> {
  const { holder } = found;
  if (holder && me.bootId && me.pidNamespace && holder.bootId === me.bootId && holder.pidNamespace === me.pidNamespace) {
    return holder.startTime !== null && processStartTime(holder.pid) === holder.startTime;
  }
  // Watch the heartbeat: a holder alive touches the file within HEARTBEAT_MS.
  let last = found.stat.mtimeMs;
  for (;;) {
    if (Date.now() - last > staleMs) return false;
    await sleep(Math.min(1_000, staleMs / 4));
    const now = readLock(path);
    if (!now || now.stat.ino !== found.stat.ino) return false;
    if (now.stat.mtimeMs !== last) return true;
    last = now.stat.mtimeMs;
  }
}

/** Removes the lock judged stale, unless it changed meanwhile or another process is taking it over. */
function removeStale(path: string, judged: Stats): void {
  const guard = `${path}.takeover`;
  try {
    closeSync(openSync(guard, 'wx'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = Date.now() - (readLock(guard)?.stat.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) rmSync(guard, { force: true });
    return;
  }
  try {
    const now = readLock(path);
    if (now && now.stat.ino === judged.ino && now.stat.mtimeMs === judged.mtimeMs) rmSync(path, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

export type DataDirLock = { release(): void };

/** Takes `dir`'s lock or throws DatabaseLockedError naming the holder; the lock is kept fresh until released. */
export async function lockDataDir(dir: string, { staleMs = STALE_MS }: { staleMs?: number } = {}): Promise<DataDirLock> {
  const path = join(dir, 'haat.lock');
  const me = ourselves();
  const content = JSON.stringify(me);
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, content);
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const found = readLock(path);
    if (!found) continue;
    if (await isHeld(path, found, me, staleMs)) {
      const who = found.holder ? `pid ${found.holder.pid}` : 'unknown process';
      throw new DatabaseLockedError(`The database in ${dir} is in use by another haat process (${who}). Stop it first, or set DATA_DIR to another directory.`);
    }
    removeStale(path, found.stat);
    await sleep(50);
  }

  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // Gone or unwritable: the next start judges it by its owner's identity or age.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    release() {
      clearInterval(heartbeat);
      // Only our own: never remove a lock another process took over.
      if (readLock(path)?.holder?.token === me.token) rmSync(path, { force: true });
    },
  };
}
