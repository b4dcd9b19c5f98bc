/**
 * Real PostgreSQL and Redis servers for tests and benches that run several server processes: each started on a free
 * port of 127.0.0.1 in a temporary directory, and stopped (and removed) by `stop()`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { createDatabaseOn } from './databases';

export type Service = { url: string; stop(): Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The newest installed PostgreSQL's programs (Debian's layout, as .ci/run finds them). */
function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((x, y) => Number(x) - Number(y));
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin)');
  return `/usr/lib/postgresql/${versions.at(-1)}/bin`;
}

/** initdb and postgres refuse to run as root: as root they run as the `postgres` user, as .ci/run does. */
function asPostgres(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  execFileSync(isRoot ? 'runuser' : command, isRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe' });
}

/** A throwaway PostgreSQL cluster, durability off for speed. */
async function throwawayPostgres(): Promise<Service> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'haat-pg-'));
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const port = await freePort();
  asPostgres(`${bin}/initdb`, ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  asPostgres(`${bin}/pg_ctl`, [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'postgres.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        asPostgres(`${bin}/pg_ctl`, ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A fresh, empty database: on the server DATABASE_URL names when it is set (as in the PostgreSQL API run), else on a
 * throwaway cluster started here, so the multi-process tests run in every API run.
 */
export async function freshPostgresDatabase(): Promise<Service> {
  const server = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop: async () => {} } : await throwawayPostgres();
  const created = await createDatabaseOn(server.url, 'haat_cluster');
  return {
    url: created.url,
    async stop() {
      await created.drop().catch(() => {});
      await server.stop();
    },
  };
}

/** A Redis server keeping nothing on disk. */
export async function throwawayRedis(): Promise<Service> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'haat-redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
