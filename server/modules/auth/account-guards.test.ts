/**
 * Guessing and flooding from many client addresses, as an attacker behind rotating addresses does: the limits that
 * count per account and per destination, whoever asks. The apps trust X-Forwarded-For (TRUST_PROXY), so each
 * address counts on its own, as behind a real load balancer.
 */
import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmations, rateLimitHits, users } from '../../db/schema';
import { body, createTestApp, createUser, type TestApp } from '../../test/harness';
import { WRONG_CODES_PER_ACCOUNT_PER_HOUR } from './confirmations';
import { KNOWN_DEVICE_COOKIE } from './devices';
import { hashOtp, sha256 } from './secrets';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Two server processes on one database: what one counts, the other sees.
  a = await createTestApp({ TRUST_PROXY: 'true' });
  b = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await a.close();
  await b.close();
});
beforeEach(async () => {
  await a.reset();
  b.outbox.clear();
});
/** What either process sent. */
const sentByEither = () => [...a.outbox.messages(), ...b.outbox.messages()];

/** A fresh /64 of one IPv6 /48 for every request: the addresses one attacker has. */
let next = 0;
const freshClient = () => `2001:db8:77:${(next += 1).toString(16)}::1`;

/** Code checks and sign-ins alternate between the two processes; what sends a message goes to `a`, whose outbox tests read. */
const ALTERNATING = new Set(['/verify-reset-otp', '/verify-otp', '/signin']);
let turn = 0;
type Extra = { client?: string; cookies?: Record<string, string>; headers?: Record<string, string> };
const post = (url: string, payload: object, { client = freshClient(), cookies, headers }: Extra = {}) => {
  const app = ALTERNATING.has(url) && (turn += 1) % 2 ? b : a;
  return app.app.inject({ method: 'POST', url: `/api/user${url}`, payload, headers: { 'x-forwarded-for': client, ...headers }, ...(cookies && { cookies }) });
};

const OTP_FAILED = { success: false, message: 'Invalid OTP or session expired', code: 'otpFailed' };
const CODES_LOCKED = {
  success: false,
  message: 'Too many wrong codes were entered here. Codes for this address work again in an hour; signing in with your password still works.',
  code: 'codesLocked',
};
const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');
const answersOf = (responses: LightMyRequestResponse[]) => responses.map((res) => `${res.statusCode} ${body(res).message}`);

describe('wrong codes per account, from every address together', () => {
  /** The code of the request `token` names becomes 9999, which no guess tries: no guess is right by chance. */
  async function neverGuessed(token: string) {
    const [row] = await a.db
      .select()
      .from(confirmations)
      .where(eq(confirmations.tokenHash, sha256(token)));
    await a.db
      .update(confirmations)
      .set({ codeHash: hashOtp(a.config.jwtSecret, row!.id, '9999') })
      .where(eq(confirmations.id, row!.id));
  }

  /** The attack: from address after address, ask for a reset code and try 5 codes on it. */
  async function guessResetCodes(identifier: string, requests: number) {
    const answers: LightMyRequestResponse[] = [];
    let lastRequest = { resetRequest: '', client: '' };
    for (let i = 0; i < requests; i += 1) {
      const client = freshClient();
      const forgot = await post('/forgot-password', { identifier }, { client });
      expect(forgot.statusCode).toBe(200);
      const { resetRequest } = body<{ resetRequest: string }>(forgot).data;
      lastRequest = { resetRequest, client };
      await neverGuessed(resetRequest);
      for (let guess = 0; guess < 5; guess += 1) {
        answers.push(await post('/verify-reset-otp', { identifier, code: String(1000 + i * 5 + guess), resetRequest }, { client }));
      }
    }
    return { answers, lastRequest };
  }

  it('stops an account’s reset codes after 20 wrong ones from 6 addresses, tells the owner once in their language, and leaves the password working', async () => {
    await createUser(a.db, { email: 'customer@example.com', password: 'customer123' });
    // The owner signs in in Bangla: the shop writes to them in it.
    expect((await post('/signin', { identifier: 'customer@example.com', password: 'customer123' }, { cookies: { lang: 'bn' } })).statusCode).toBe(200);
    const { answers, lastRequest } = await guessResetCodes('customer@example.com', 6);
    expect(answers.slice(0, WRONG_CODES_PER_ACCOUNT_PER_HOUR).map((res) => body(res))).toEqual(Array(WRONG_CODES_PER_ACCOUNT_PER_HOUR).fill(OTP_FAILED));
    expect(answers.slice(WRONG_CODES_PER_ACCOUNT_PER_HOUR).map((res) => res.statusCode)).toEqual(Array(10).fill(429));
    expect(body(answers.at(-1)!)).toEqual(CODES_LOCKED);
    expect(answers.at(-1)!.headers['retry-after']).toBe('3600');

    // Now even the right code of a fresh request is refused, from any address and either process.
    const forgot = await post('/forgot-password', { identifier: 'customer@example.com' }, { client: lastRequest.client });
    const code = a.outbox.lastOtp('customer@example.com');
    const right = await post('/verify-reset-otp', {
      identifier: 'customer@example.com',
      code,
      resetRequest: body<{ resetRequest: string }>(forgot).data.resetRequest,
    });
    expect(body(right)).toEqual(CODES_LOCKED);

    const warnings = sentByEither().filter((m) => m.to === 'customer@example.com' && !/\b\d{4}\b/.test(m.text));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.subject).toBe('কেউ আপনার হাট অ্যাকাউন্টের কোড আন্দাজ করার চেষ্টা করছে');
    expect(warnings[0]!.text).toContain('পাসওয়ার্ড দিয়ে সাইন ইন করা যাবে');

    expect((await post('/signin', { identifier: 'customer@example.com', password: 'customer123' })).statusCode).toBe(200);
  });

  it('answers an address without an account exactly as one with an account', async () => {
    await createUser(a.db, { email: 'customer@example.com' });
    const withAccount = answersOf((await guessResetCodes('customer@example.com', 5)).answers);
    const without = answersOf((await guessResetCodes('nobody@example.com', 5)).answers);
    expect(without).toEqual(withAccount);
    expect(without.slice(WRONG_CODES_PER_ACCOUNT_PER_HOUR)).toEqual(Array(5).fill(`429 ${CODES_LOCKED.message}`));
  });

  it('gives a right code back to the budget: the owner’s own code does not count', async () => {
    await createUser(a.db, { email: 'customer@example.com' });
    for (let i = 0; i < WRONG_CODES_PER_ACCOUNT_PER_HOUR + 5; i += 1) {
      const client = freshClient();
      const forgot = await post('/forgot-password', { identifier: 'customer@example.com' }, { client });
      const code = a.outbox.lastOtp('customer@example.com');
      const res = await post(
        '/verify-reset-otp',
        { identifier: 'customer@example.com', code, resetRequest: body<{ resetRequest: string }>(forgot).data.resetRequest },
        { client },
      );
      expect(res.statusCode).toBe(200);
      // The destination's hourly messages are not what this test counts.
      await a.db.delete(rateLimitHits).where(like(rateLimitHits.key, 'tally:messages-to:%'));
    }
  });

  it('stops a phone’s sign-up codes after 20 wrong ones and texts the number', async () => {
    const phone = '01811000000';
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 5; i += 1) {
      const client = freshClient();
      const res = await post('/register', { method: 'phone', name: 'Karim Mia', phone, password: 'secret123', confirmPassword: 'secret123' }, { client });
      const { registration } = body<{ registration: string }>(res).data;
      const code = a.outbox.lastOtp(phone);
      for (let guess = 0; guess < 5; guess += 1) answers.push(await post('/verify-otp', { phone, code: wrongFor(code), registration }, { client }));
    }
    expect(answers.slice(0, 20).map((res) => body(res))).toEqual(Array(20).fill(OTP_FAILED));
    expect(answers.slice(20).map((res) => body(res))).toEqual(Array(5).fill(CODES_LOCKED));
    const warnings = sentByEither().filter((m) => m.to === phone && m.text.includes('wrong codes to sign up'));
    expect(warnings).toHaveLength(1);
  });

  it('stops a new phone’s change codes after 20 wrong ones and tells the account’s email', async () => {
    const owner = await createUser(a.db, { email: 'alice@example.com', password: 'alice-pass' });
    const signedIn = await post('/signin', { identifier: 'alice@example.com', password: 'alice-pass' });
    const headers = { authorization: `Bearer ${body<{ accessToken: string }>(signedIn).data.accessToken}` };
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const asked = await a.app.inject({
        method: 'PUT',
        url: '/api/user/update-profile',
        headers: { ...headers, 'x-forwarded-for': freshClient() },
        payload: { id: owner.id, phone: '01911000003' },
      });
      expect(asked.statusCode).toBe(200);
      const code = a.outbox.lastOtp('01911000003');
      for (let guess = 0; guess < 5; guess += 1) {
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/user/confirm-phone',
          headers: { ...headers, 'x-forwarded-for': freshClient() },
          payload: { code: wrongFor(code) },
        });
        answers.push(res.statusCode);
      }
    }
    expect(answers).toEqual([...Array(20).fill(400), ...Array(5).fill(429)]);
    expect(a.outbox.last('alice@example.com').subject).toBe('Someone is trying codes for your haat account');
  });
});

describe('client addresses counted by IPv6 /64', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '3', ACCOUNT_MESSAGES_PER_HOUR: '3' });
  });
  afterAll(() => limited.close());
  beforeEach(() => limited.reset());
  const from = (url: string, payload: object, client: string) =>
    limited.app.inject({ method: 'POST', url: `/api/user${url}`, payload, headers: { 'x-forwarded-for': client } });

  it('limits sign-in per /64, not per address', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1)
      statuses.push((await from('/signin', { identifier: 'x@example.com', password: 'nope123' }, `2001:db8:5:6::${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await from('/signin', { identifier: 'x@example.com', password: 'nope123' }, '2001:db8:5:7::1')).statusCode).toBe(401);
  });

  it('limits the codes and links one /64 asks for, not one address', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await from('/forgot-password', { identifier: `n${i}@example.com` }, `2001:db8:5:6:${i}::1`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('wrong passwords per account, from every address together', () => {
  const TOO_MANY = {
    success: false,
    message: 'Too many wrong passwords were tried for this account. Sign in from a device you have used before, reset your password, or try again in an hour.',
    code: 'tooManyWrongPasswords',
  };

  it('after 20 wrong passwords from 20 addresses lets only the owner’s known devices try, and a reset still works', async () => {
    await createUser(a.db, { email: 'customer@example.com', password: 'customer123' });
    const before = await post('/signin', { identifier: 'customer@example.com', password: 'customer123' });
    const device = before.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user' });

    const guesses = [];
    for (let i = 0; i < 22; i += 1) guesses.push((await post('/signin', { identifier: 'customer@example.com', password: `guess${i}00` })).statusCode);
    expect(guesses).toEqual([...Array(20).fill(401), 429, 429]);
    const stranger = await post('/signin', { identifier: 'customer@example.com', password: 'customer123' });
    expect(body(stranger)).toEqual(TOO_MANY);
    // An unknown identifier is answered alike.
    for (let i = 0; i < 20; i += 1) await post('/signin', { identifier: 'nobody@example.com', password: `guess${i}00` });
    expect(body(await post('/signin', { identifier: 'nobody@example.com', password: 'customer123' }))).toEqual(TOO_MANY);

    const owner = await post('/signin', { identifier: 'customer@example.com', password: 'customer123' }, { cookies: { [KNOWN_DEVICE_COOKIE]: device!.value } });
    expect(owner.statusCode).toBe(200);
    expect((await post('/forgot-password', { identifier: 'customer@example.com' })).statusCode).toBe(200);
  });
});

describe('what one email or phone receives, whoever asks', () => {
  const TOO_MANY_THERE = {
    success: false,
    message: 'Too many codes and links were sent to this address in the last hour. Please try again in an hour, or from a device you have signed in on before.',
    code: 'tooManyToAddress',
  };

  it('sends 10 reset codes an hour to one email from rotating addresses, then refuses strangers but not the owner’s device', async () => {
    await createUser(a.db, { email: 'customer@example.com', password: 'customer123' });
    const signedIn = await post('/signin', { identifier: 'customer@example.com', password: 'customer123' });
    const device = signedIn.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)!.value;
    await post('/logout', {}, { cookies: { refreshToken: signedIn.cookies.find((cookie) => cookie.name === 'refreshToken')!.value } });
    a.outbox.clear();

    const statuses = [];
    for (let i = 0; i < 14; i += 1) statuses.push((await post('/forgot-password', { identifier: 'customer@example.com' })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(4).fill(429)]);
    expect(a.outbox.messages()).toHaveLength(10);
    expect(body(await post('/forgot-password', { identifier: 'customer@example.com' }))).toEqual(TOO_MANY_THERE);
    // A made-up device cookie is a stranger's.
    expect((await post('/forgot-password', { identifier: 'customer@example.com' }, { cookies: { [KNOWN_DEVICE_COOKIE]: 'A'.repeat(43) } })).statusCode).toBe(
      429,
    );

    // The owner, signed out, on the phone they have signed in on before, from a new address: the code comes and works.
    const client = freshClient();
    const owners = await post('/forgot-password', { identifier: 'customer@example.com' }, { client, cookies: { [KNOWN_DEVICE_COOKIE]: device } });
    expect(owners.statusCode).toBe(200);
    expect(a.outbox.messages()).toHaveLength(11);
    const code = a.outbox.lastOtp('customer@example.com');
    const verified = await post(
      '/verify-reset-otp',
      { identifier: 'customer@example.com', code, resetRequest: body<{ resetRequest: string }>(owners).data.resetRequest },
      { client },
    );
    expect(verified.statusCode).toBe(200);
  });

  it('answers an address without an account alike, and limits sign-up codes to one phone the same way', async () => {
    const reset = [];
    for (let i = 0; i < 11; i += 1) reset.push((await post('/forgot-password', { identifier: 'nobody@example.com' })).statusCode);
    expect(reset).toEqual([...Array(10).fill(200), 429]);

    const signUps = [];
    for (let i = 0; i < 11; i += 1) {
      signUps.push(
        (await post('/register', { method: 'phone', name: 'Karim Mia', phone: '01811000000', password: 'secret123', confirmPassword: 'secret123' })).statusCode,
      );
    }
    expect(signUps).toEqual([...Array(10).fill(201), 429]);
    expect(a.outbox.messages().filter((m) => m.to === '01811000000')).toHaveLength(10);
  });

  it('remembers the device of a Bangla sign-in as the owner’s language', async () => {
    const row = await createUser(a.db, { email: 'customer@example.com', password: 'customer123' });
    await post('/signin', { identifier: 'customer@example.com', password: 'customer123' }, { cookies: { lang: 'bn' } });
    const [after] = await a.db.select({ locale: users.locale }).from(users).where(eq(users.id, row.id));
    expect(after?.locale).toBe('bn');
  });
});
