import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Answers must not tell whether an account exists by how long they take. The server runs as its own process, as it
 * does in production, and is timed over HTTP as a caller would time it. The two cases are timed in pairs, many times,
 * in alternating order, so bursts of machine load fall on both alike; the median of the pairs' differences is the
 * systematic gap, which must stay within a millisecond (or a tenth of the answer's time on a slow machine).
 */
/**
 * Many accounts, each asked about a few times: what one address receives in an hour and the wrong passwords one account
 * may be sent are limited, and the timing compares answers that do the work, not refusals.
 */
const ACCOUNTS = Array.from({ length: 40 }, (_, n) => ({ email: `shopper${n}@example.com`, password: 'secret123' }));
const account = (i: number) => ACCOUNTS[i % ACCOUNTS.length]!.email;
const nobody = (i: number) => `nobody${i % ACCOUNTS.length}@example.com`;

let server: ChildProcess;
let origin: string;
beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/test/serve-test-app.ts'], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: {
      ...process.env,
      // Each pair of requests comes from its own client address (X-Forwarded-For), as the per-address limits allow.
      TEST_APP_ENV: JSON.stringify({ TRUST_PROXY: '127.0.0.1' }),
      TEST_APP_USERS: JSON.stringify(ACCOUNTS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`test server exited with ${code}`)));
  });
}, 60_000);
afterAll(() => {
  server.kill('SIGTERM');
});

async function post(path: string, body: object, client: string): Promise<number> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
  await res.text();
  return res.status;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Call = (i: number) => Promise<number>;

/** Median times of the two calls and the median of their paired differences. */
async function timePairs(pairs: number, withAccount: Call, without: Call) {
  const time = async (call: Call, i: number) => {
    const started = performance.now();
    // Every call does its work: no limit refuses it.
    expect(await call(i)).toBeLessThan(429);
    return performance.now() - started;
  };
  // Warm-up: the first calls compile code paths and fill caches.
  for (let i = 0; i < 10; i += 1) {
    await time(withAccount, pairs + i);
    await time(without, pairs + i);
  }
  const times = { account: [] as number[], none: [] as number[], gaps: [] as number[] };
  for (let i = 0; i < pairs; i += 1) {
    let a: number;
    let n: number;
    if (i % 2 === 0) {
      a = await time(withAccount, i);
      n = await time(without, i);
    } else {
      n = await time(without, i);
      a = await time(withAccount, i);
    }
    times.account.push(a);
    times.none.push(n);
    times.gaps.push(a - n);
  }
  return { account: median(times.account), none: median(times.none), gap: median(times.gaps) };
}

const client = (i: number) => `10.${i % 250}.${Math.floor(i / 250)}.1`;

describe('timing', () => {
  it('forgot-password takes as long for an account as for none', async () => {
    const forgot = (identifier: (i: number) => string) => (i: number) => post('/api/user/forgot-password', { identifier: identifier(i) }, client(i));
    const { account: withAccount, none, gap } = await timePairs(300, forgot(account), forgot(nobody));
    console.log(`forgot-password median: account ${withAccount.toFixed(2)} ms, none ${none.toFixed(2)} ms, gap ${gap.toFixed(2)} ms`);
    expect(Math.abs(gap)).toBeLessThan(Math.max(1, 0.1 * none));
  });

  it('sign-in takes as long for an unknown identifier as for a wrong password', async () => {
    const signIn = (identifier: (i: number) => string) => (i: number) =>
      post('/api/user/signin', { identifier: identifier(i), password: 'not-the-password' }, client(i));
    const { account: wrongPassword, none, gap } = await timePairs(100, signIn(account), signIn(nobody));
    console.log(`sign-in median: wrong password ${wrongPassword.toFixed(2)} ms, unknown ${none.toFixed(2)} ms, gap ${gap.toFixed(2)} ms`);
    expect(Math.abs(gap)).toBeLessThan(Math.max(1, 0.1 * none));
  });
});
