import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../contract/auth';
import { toLocaleDigits } from '../../../contract/locale';
import { confirmations, oneTimeTokens, refreshTokens, sessions, users } from '../../db/schema';
import { bearer, body, createTestApp, createUser, refreshCookieOf, signGoogleIdToken, signIn, type TestApp, useShop } from '../../test/harness';
import { hashOtp, sha256 } from './secrets';

const t = useShop();

type Extra = { cookies?: Record<string, string>; headers?: Record<string, string>; remoteAddress?: string };
const post = (url: string, payload?: object, extra: Extra = {}) =>
  t.app.inject({ method: 'POST', url: `/api/user${url}`, ...(payload ? { payload } : {}), ...extra });

const OTP_FAILED = { success: false, message: 'Invalid OTP or session expired', code: 'otpFailed' };
const SESSION_EXPIRED = { success: false, message: 'Session expired, please sign in again', code: 'sessionExpired' };
const RESET_EXPIRED = { success: false, message: 'Reset session expired. Please request a new OTP.', code: 'resetExpired' };
const SIGNUP_EXPIRED = { success: false, message: 'Your sign-up has expired. Please register again.', code: 'registrationExpired' };

const emailForm = { method: 'email', name: 'Rahim Uddin', email: 'rahim@example.com', password: 'secret123', confirmPassword: 'secret123' };
const phoneForm = { method: 'phone', name: 'Karim Mia', phone: '01811000000', password: 'secret123', confirmPassword: 'secret123' };

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

function tokenOfLink(link: string): string {
  const match = /\/verify\/([^/?\s]+)\?lang=(?:en|bn)$/.exec(link);
  if (!match?.[1]) throw new Error(`not a verification link: ${link}`);
  return match[1];
}

describe('registration by email', () => {
  it('stores the registration (not an account) with an Argon2id hash, and mails a verification link', async () => {
    const res = await post('/register', { ...emailForm, email: '  Rahim@Example.COM ' });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toEqual({
      success: true,
      message: 'Go to your email to verify your account',
      data: { method: 'email', email: 'rahim@example.com', registration: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });

    expect(await userByEmail('rahim@example.com')).toBeUndefined();
    const [registration] = await t.db.select().from(confirmations);
    expect(registration).toMatchObject({ purpose: 'register', address: 'rahim@example.com', name: 'Rahim Uddin', userId: null, codeHash: null });
    expect(registration?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mail = t.outbox.last('rahim@example.com');
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('Verify your haat account');
    const link = t.outbox.lastLink('rahim@example.com');
    expect(link.startsWith(`${t.config.publicUrl}/verify/`)).toBe(true);

    const token = tokenOfLink(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(registration?.tokenHash).toBe(sha256(token));
    // The browser's token asks for the link again; it is not the link, which only the inbox gets.
    expect(body<{ registration: string }>(res).data.registration).not.toBe(token);
    const hoursValid = (registration!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(23.9);
    expect(hoursValid).toBeLessThanOrEqual(24);
  });

  it('creates the account from the link and the sign-up password, without signing in; then password sign-in works', async () => {
    await post('/register', emailForm);
    const token = tokenOfLink(t.outbox.lastLink(emailForm.email));

    const refused = await post('/signin', { identifier: emailForm.email, password: emailForm.password });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toEqual({ success: false, message: 'Please verify your account before signing in', code: 'verifyBeforeSignIn' });
    expect((await post('/signin', { identifier: emailForm.email, password: 'other-password' })).statusCode).toBe(401);

    const res = await post('/verify-account', { token, password: emailForm.password });
    expect(res.statusCode).toBe(200);
    const { message, data } = body<{ user: PublicUser; accessToken?: string }>(res);
    expect(message).toBe('Account verified successfully');
    expect(data.accessToken).toBeUndefined();
    expect(refreshCookieOf(res)).toBeUndefined();
    expect(data.user).toMatchObject({ name: 'Rahim Uddin', email: 'rahim@example.com', role: 'user', isEmailVerified: true });
    expect(Object.keys(data.user).sort()).toEqual(['_id', 'address', 'email', 'googleId', 'isEmailVerified', 'name', 'phone', 'profileImg', 'role'].sort());

    const session = await signIn(t.app, 'RAHIM@example.com', emailForm.password);
    expect(session.user._id).toBe(data.user._id);
  });

  it('answers a second verification with 409 Account already verified', async () => {
    await post('/register', emailForm);
    const token = tokenOfLink(t.outbox.lastLink(emailForm.email));
    expect((await post('/verify-account', { token, password: emailForm.password })).statusCode).toBe(200);
    const again = await post('/verify-account', { token, password: emailForm.password });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toEqual({ success: false, message: 'Account already verified', code: 'accountAlreadyVerified' });
  });

  it('refuses an expired link with a message containing "expired"', async () => {
    await post('/register', emailForm);
    const token = tokenOfLink(t.outbox.lastLink(emailForm.email));
    await t.db.update(confirmations).set({ expiresAt: new Date(Date.now() - 60_000) });
    const res = await post('/verify-account', { token, password: emailForm.password });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('expired');
    expect(await userByEmail(emailForm.email)).toBeUndefined();
  });

  it('refuses an unknown or empty token', async () => {
    const unknown = await post('/verify-account', { token: 'not-a-real-token', password: 'secret123' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)).toEqual({ success: false, message: 'Invalid verification link', code: 'verificationLinkInvalid' });

    const empty = await post('/verify-account', { token: '  ', password: 'secret123' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('Verification token is required');
  });

  it('answers an email that has an account as a new one, and tells its owner instead of sending a link', async () => {
    const fresh = await post('/register', { ...emailForm, email: 'new@example.com' });
    await createUser(t.db, { email: 'rahim@example.com' });
    await t.db.update(users).set({ locale: 'bn' }).where(eq(users.email, 'rahim@example.com'));
    const res = await post('/register', emailForm);
    expect(res.statusCode).toBe(201);
    const shape = (answer: typeof res) => ({
      ...body<{ registration: string }>(answer),
      data: { ...body<{ registration: string }>(answer).data, email: 'x', registration: 'x' },
    });
    expect(shape(res)).toEqual(shape(fresh));

    // The owner is told, in the language they last signed in in, with no link that could complete a sign-up.
    const told = t.outbox.messages().filter((m) => m.to === 'rahim@example.com');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('কেউ আপনার ঠিকানা দিয়ে হাট-এ নিবন্ধনের চেষ্টা করেছে');
    expect(told[0]!.text).toContain(`${t.config.publicUrl}/login?lang=bn`);
    expect(told[0]!.text).not.toContain('/verify/');
    // Asking again goes the same way, under the same limits.
    const again = await post('/resend-registration', {
      method: 'email',
      email: 'rahim@example.com',
      registration: body<{ registration: string }>(res).data.registration,
    });
    expect(again.statusCode).toBe(200);
    expect(t.outbox.messages().filter((m) => m.to === 'rahim@example.com')).toHaveLength(2);
    expect((await userByEmail('rahim@example.com'))?.name).toBe('Test User');
  });

  it('lets someone who lost the mail register again: the new link completes with the new name and password', async () => {
    await post('/register', emailForm);
    const firstToken = tokenOfLink(t.outbox.lastLink(emailForm.email));
    const again = await post('/register', { ...emailForm, name: 'Rahim U.', password: 'newpass1', confirmPassword: 'newpass1' });
    expect(again.statusCode).toBe(201);
    const secondToken = tokenOfLink(t.outbox.lastLink(emailForm.email));
    expect(secondToken).not.toBe(firstToken);

    const verified = await post('/verify-account', { token: secondToken, password: 'newpass1' });
    expect(verified.statusCode).toBe(200);
    expect(body<{ user: PublicUser }>(verified).data.user.name).toBe('Rahim U.');
    // The account exists now: the other registration can no longer make a second one.
    const first = await post('/verify-account', { token: firstToken, password: 'secret123' });
    expect(first.statusCode).toBe(409);
    expect(await t.db.select().from(users)).toHaveLength(1);

    expect((await post('/signin', { identifier: emailForm.email, password: 'secret123' })).statusCode).toBe(401);
    expect((await post('/signin', { identifier: emailForm.email, password: 'newpass1' })).statusCode).toBe(200);
  });

  it('keeps the first registration’s password when someone registers the same pending email again', async () => {
    await post('/register', emailForm);
    const ownersLink = tokenOfLink(t.outbox.lastLink(emailForm.email));
    const attacker = await post(
      '/register',
      { ...emailForm, name: 'Squatter', password: 'attacker1', confirmPassword: 'attacker1' },
      { remoteAddress: '198.51.100.66' },
    );
    expect(attacker.statusCode).toBe(201);

    expect((await post('/verify-account', { token: ownersLink, password: emailForm.password })).statusCode).toBe(200);
    expect((await post('/signin', { identifier: emailForm.email, password: 'attacker1' })).statusCode).toBe(401);
    const owner = await signIn(t.app, emailForm.email, emailForm.password);
    expect(owner.user.name).toBe('Rahim Uddin');
  });

  it('completes a registration only with the password chosen with that link: the inbox owner gains nothing from a stranger’s link', async () => {
    await post('/register', { ...emailForm, name: 'Squatter', password: 'attacker1', confirmPassword: 'attacker1' }, { remoteAddress: '198.51.100.66' });
    const strangersLink = tokenOfLink(t.outbox.lastLink(emailForm.email));

    const withoutPassword = await post('/verify-account', { token: strangersLink });
    expect(withoutPassword.statusCode).toBe(400);
    const ownersGuess = await post('/verify-account', { token: strangersLink, password: emailForm.password });
    expect(ownersGuess.statusCode).toBe(403);
    expect(body(ownersGuess).message).toBe('This is not the password chosen when signing up with this link');
    expect(await t.db.select().from(users)).toHaveLength(0);

    // The owner signs up themselves and verifies with their own link.
    await post('/register', emailForm);
    const ownersLink = tokenOfLink(t.outbox.lastLink(emailForm.email));
    expect((await post('/verify-account', { token: ownersLink, password: emailForm.password })).statusCode).toBe(200);
    expect((await post('/signin', { identifier: emailForm.email, password: 'attacker1' })).statusCode).toBe(401);
    await signIn(t.app, emailForm.email, emailForm.password);
  });

  it.each([
    ['a bad email', { ...emailForm, email: 'not-an-email' }, 'Invalid email'],
    ['different passwords', { ...emailForm, confirmPassword: 'secret124' }, "Passwords don't match"],
    ['a short name', { ...emailForm, name: ' Al ' }, 'Name must be at least 3 characters'],
    ['a short password', { ...emailForm, password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    ['a bad phone', { ...phoneForm, phone: '01211000000' }, 'Invalid phone number'],
  ])('refuses %s with 400 and the contract message', async (_case, form, message) => {
    const res = await post('/register', form);
    expect(res.statusCode).toBe(400);
    expect(body(res).success).toBe(false);
    expect(body(res).message).toBe(message);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  describe('Resend Email', () => {
    async function registerEmail() {
      const res = await post('/register', emailForm);
      return { registration: body<{ registration: string }>(res).data.registration, link: t.outbox.lastLink(emailForm.email) };
    }
    const resend = (registration: string, email = emailForm.email, extra: Extra = {}) =>
      post('/resend-registration', { method: 'email', email, registration }, extra);

    it('mails a new link for the same registration; the earlier link still works, and either completes it with its password', async () => {
      const first = await registerEmail();
      const res = await resend(first.registration, '  RAHIM@example.com ');
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({
        success: true,
        message: 'We sent a new link to your email',
        data: { method: 'email', email: emailForm.email, registration: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      });
      const mails = t.outbox.messages().filter((m) => m.to === emailForm.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]).toMatchObject({ channel: 'email', subject: 'Verify your haat account' });
      expect(mails[1]!.text).toContain('Hello Rahim Uddin,');
      const secondLink = t.outbox.lastLink(emailForm.email);
      expect(secondLink).not.toBe(first.link);

      // The new answer's token asks again too.
      expect((await resend(body<{ registration: string }>(res).data.registration)).statusCode).toBe(200);

      const wrong = await post('/verify-account', { token: tokenOfLink(secondLink), password: 'not-the-password' });
      expect(wrong.statusCode).toBe(403);
      expect((await post('/verify-account', { token: tokenOfLink(first.link), password: emailForm.password })).statusCode).toBe(200);
      expect((await post('/verify-account', { token: tokenOfLink(secondLink), password: emailForm.password })).statusCode).toBe(409);
      expect(await t.db.select().from(users)).toHaveLength(1);
      expect((await signIn(t.app, emailForm.email, emailForm.password)).user.name).toBe('Rahim Uddin');
    });

    it('sends nothing for another registration’s token, another email, a day-old registration or made-up input', async () => {
      const owner = await registerEmail();
      const other = await post('/register', { ...emailForm, email: 'other@example.com' });
      const othersToken = body<{ registration: string }>(other).data.registration;
      t.outbox.clear();

      for (const res of [
        await resend(othersToken),
        await resend(owner.registration, 'other@example.com'),
        await post('/resend-registration', { method: 'phone', phone: '01811000000', registration: owner.registration }),
        await resend('not-a-registration'),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(body(res)).toEqual(SIGNUP_EXPIRED);
      }
      await t.db.update(confirmations).set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000) });
      expect(body(await resend(owner.registration))).toEqual(SIGNUP_EXPIRED);

      for (const [input, message] of [
        [{ method: 'email', email: emailForm.email }, SIGNUP_EXPIRED.message],
        [{ method: 'email', email: 'not-an-email', registration: owner.registration }, 'Invalid email'],
        [{ email: emailForm.email, registration: owner.registration }, undefined],
      ] as const) {
        const res = await post('/resend-registration', input);
        expect(res.statusCode).toBe(400);
        if (message) expect(body(res).message).toBe(message);
      }
      expect(t.outbox.messages()).toHaveLength(0);
    });

    it('tells the browser whose sign-up was completed that it is verified, and sends nothing', async () => {
      const { registration, link } = await registerEmail();
      await post('/verify-account', { token: tokenOfLink(link), password: emailForm.password });
      const res = await resend(registration);
      expect(res.statusCode).toBe(409);
      expect(body(res)).toEqual({ success: false, message: 'Account already verified', code: 'accountAlreadyVerified' });
      expect(t.outbox.messages()).toHaveLength(1);
    });
  });

  it('refuses a body without a method with 400', async () => {
    const { method: _method, ...rest } = emailForm;
    const res = await post('/register', rest);
    expect(res.statusCode).toBe(400);
    expect(body(res).success).toBe(false);
  });
});

describe('registration by phone', () => {
  /** Registers by phone and answers the token the browser keeps and the code the SMS carried. */
  async function registerPhone(form = phoneForm, extra: Extra = {}) {
    const res = await post('/register', form, extra);
    expect(res.statusCode).toBe(201);
    return { registration: body<{ registration: string }>(res).data.registration, code: t.outbox.lastOtp(form.phone) };
  }
  const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');

  it('sends a 4-digit code by SMS, stored keyed-hashed, and verify-otp with the registration’s token creates the account', async () => {
    const res = await post('/register', phoneForm);
    expect(res.statusCode).toBe(201);
    const { registration } = body<{ registration: string }>(res).data;
    expect(body(res).data).toEqual({ method: 'phone', phone: '01811000000', registration });
    expect(registration).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const sms = t.outbox.last('01811000000');
    expect(sms.channel).toBe('sms');
    const code = t.outbox.lastOtp('01811000000');
    expect(code).toMatch(/^\d{4}$/);
    const [otp] = await t.db.select().from(confirmations);
    expect(otp?.purpose).toBe('register');
    expect(otp?.tokenHash).toBe(sha256(registration));
    expect(otp?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(otp?.codeHash).not.toBe(sha256(code));
    const minutesValid = (otp!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesValid).toBeGreaterThan(4.9);
    expect(minutesValid).toBeLessThanOrEqual(5);
    expect(await t.db.select().from(users)).toHaveLength(0);

    const verified = await post('/verify-otp', { phone: '01811000000', code, registration });
    expect(verified.statusCode).toBe(200);
    expect(body<{ user: PublicUser }>(verified)).toMatchObject({
      message: 'Account verified successfully',
      data: { user: { phone: '01811000000', email: null, name: 'Karim Mia' } },
    });

    const session = await signIn(t.app, '+880 1811-000000', 'secret123');
    expect(session.user.phone).toBe('01811000000');
  });

  it('takes the phone number and the code in Bangla digits, as a Bangla keyboard types them', async () => {
    const res = await post('/register', { ...phoneForm, phone: '০১৮১১-০০০০০০' });
    expect(res.statusCode).toBe(201);
    const { registration } = body<{ registration: string }>(res).data;
    expect(body(res).data).toMatchObject({ phone: '01811000000' });
    const code = toLocaleDigits(t.outbox.lastOtp('01811000000'), 'bn');
    const verified = await post('/verify-otp', { phone: '০১৮১১০০০০০০', code, registration });
    expect(verified.statusCode).toBe(200);
    expect((await signIn(t.app, '০১৮১১০০০০০০', 'secret123')).user.phone).toBe('01811000000');
  });

  it('kills the code after 5 wrong tries: the right code is then refused', async () => {
    const { registration, code } = await registerPhone();
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/verify-otp', { phone: '01811000000', code: wrongFor(code), registration });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual(OTP_FAILED);
    }
    const res = await post('/verify-otp', { phone: '01811000000', code, registration });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual(OTP_FAILED);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('accepts the right code on the fifth try', async () => {
    const { registration, code } = await registerPhone();
    for (let i = 0; i < 4; i += 1) await post('/verify-otp', { phone: '01811000000', code: wrongFor(code), registration });
    expect((await post('/verify-otp', { phone: '01811000000', code, registration })).statusCode).toBe(200);
  });

  it('refuses the right code after 5 minutes', async () => {
    const { registration, code } = await registerPhone();
    await t.db.update(confirmations).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('/verify-otp', { phone: '01811000000', code, registration });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual(OTP_FAILED);
  });

  it('refuses a used code, another registration’s token, an unknown phone and malformed input with the same message', async () => {
    const { registration, code } = await registerPhone();
    const other = await registerPhone({ ...phoneForm, phone: '01911000000' });
    expect((await post('/verify-otp', { phone: '01811000000', code: other.code, registration: other.registration })).statusCode).toBe(400);
    expect((await post('/verify-otp', { phone: '01811000000', code, registration })).statusCode).toBe(200);

    for (const input of [
      { phone: '01811000000', code, registration },
      { phone: '01711000000', code, registration },
      { phone: '01811000000', code: '12a4', registration },
      { phone: '01811000000', code },
      { code, registration },
    ]) {
      const res = await post('/verify-otp', input);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(OTP_FAILED.message);
    }
  });

  it('sends a new code when the phone registers again; each registration completes with its own code', async () => {
    const first = await registerPhone();
    const second = await registerPhone();
    expect(t.outbox.messages().filter((m) => m.to === '01811000000')).toHaveLength(2);
    expect((await post('/verify-otp', { phone: '01811000000', code: first.code, registration: second.registration })).statusCode).toBe(400);
    expect((await post('/verify-otp', { phone: '01811000000', code: second.code, registration: second.registration })).statusCode).toBe(200);
  });

  it('lets the owner register a number that a stranger has registered many times', async () => {
    for (let i = 0; i < 6; i += 1) {
      await post('/register', { ...phoneForm, password: 'attacker1', confirmPassword: 'attacker1' }, { remoteAddress: '198.51.100.66' });
    }
    const owner = await registerPhone(phoneForm, { remoteAddress: '203.0.113.5' });
    expect((await post('/verify-otp', { phone: phoneForm.phone, code: owner.code, registration: owner.registration })).statusCode).toBe(200);
    await signIn(t.app, phoneForm.phone, phoneForm.password);
  });

  it('keeps each phone registration’s own code and password: a later registration of the number changes nothing for the first', async () => {
    const owner = await post('/register', phoneForm);
    const registration = body<{ registration: string }>(owner).data.registration;
    const code = t.outbox.lastOtp(phoneForm.phone);
    const attacker = await post(
      '/register',
      { ...phoneForm, name: 'Squatter', password: 'attacker1', confirmPassword: 'attacker1' },
      { remoteAddress: '198.51.100.66' },
    );
    expect(attacker.statusCode).toBe(201);

    const verified = await post('/verify-otp', { phone: phoneForm.phone, code, registration });
    expect(verified.statusCode).toBe(200);
    expect((await post('/signin', { identifier: phoneForm.phone, password: 'attacker1' })).statusCode).toBe(401);
    await signIn(t.app, phoneForm.phone, phoneForm.password);
  });

  describe('Resend code', () => {
    const resend = (registration: string, phone = phoneForm.phone) => post('/resend-registration', { method: 'phone', phone, registration });

    it('texts a new code with a new token, which completes the registration; the earlier code and token no longer do', async () => {
      const first = await registerPhone();
      const res = await resend(first.registration, '+880 1811-000000');
      expect(res.statusCode).toBe(200);
      const { registration } = body<{ registration: string }>(res).data;
      expect(body(res)).toEqual({
        success: true,
        message: 'We sent a new code to your phone',
        data: { method: 'phone', phone: phoneForm.phone, registration },
      });
      expect(registration).not.toBe(first.registration);
      expect(t.outbox.messages().filter((m) => m.to === phoneForm.phone && m.channel === 'sms')).toHaveLength(2);
      const code = t.outbox.lastOtp(phoneForm.phone);

      expect(body(await post('/verify-otp', { phone: phoneForm.phone, code: first.code, registration: first.registration }))).toEqual(OTP_FAILED);
      expect((await post('/verify-otp', { phone: phoneForm.phone, code, registration })).statusCode).toBe(200);
      const session = await signIn(t.app, phoneForm.phone, phoneForm.password);
      expect(session.user.name).toBe('Karim Mia');
    });

    it('sends a working code after the first expired or was tried 5 times', async () => {
      const expired = await registerPhone();
      await t.db.update(confirmations).set({ expiresAt: new Date(Date.now() - 1000) });
      const afterExpiry = await resend(expired.registration);
      expect(afterExpiry.statusCode).toBe(200);

      const worn = body<{ registration: string }>(afterExpiry).data;
      const code = t.outbox.lastOtp(phoneForm.phone);
      for (let i = 0; i < 5; i += 1) await post('/verify-otp', { phone: phoneForm.phone, code: wrongFor(code), registration: worn.registration });
      const afterTries = await resend(worn.registration);
      expect(afterTries.statusCode).toBe(200);
      const fresh = body<{ registration: string }>(afterTries).data.registration;
      expect((await post('/verify-otp', { phone: phoneForm.phone, code: t.outbox.lastOtp(phoneForm.phone), registration: fresh })).statusCode).toBe(200);
    });

    it('sends nothing for another registration’s token, another phone or a registration already used', async () => {
      const owner = await registerPhone();
      const other = await registerPhone({ ...phoneForm, phone: '01911000000' });
      t.outbox.clear();
      for (const res of [await resend(other.registration), await resend(owner.registration, '01911000000')]) {
        expect(res.statusCode).toBe(400);
        expect(body(res)).toEqual(SIGNUP_EXPIRED);
      }
      const invalid = await resend(owner.registration, '01211000000');
      expect(invalid.statusCode).toBe(400);
      expect(body(invalid).message).toBe('Invalid phone number');

      expect((await post('/verify-otp', { phone: '01911000000', code: other.code, registration: other.registration })).statusCode).toBe(200);
      expect(body(await resend(other.registration, '01911000000'))).toEqual({
        success: false,
        message: 'Account already verified',
        code: 'accountAlreadyVerified',
      });
      expect(t.outbox.messages()).toHaveLength(0);
    });
  });

  it('answers a phone that has an account as a new one, texts its owner no code, and no guess makes an account', async () => {
    await createUser(t.db, { phone: '01811000000', password: 'owner123' });
    const res = await post('/register', phoneForm);
    expect(res.statusCode).toBe(201);
    expect(body(res)).toEqual({
      success: true,
      message: 'We sent a 4-digit code to your phone',
      data: { method: 'phone', phone: '01811000000', registration: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const sms = t.outbox.last('01811000000');
    expect(sms.text).toContain('already has an account');
    expect(sms.text).not.toMatch(/code/i);
    const { registration } = body<{ registration: string }>(res).data;
    expect(body(await post('/verify-otp', { phone: '01811000000', code: '1234', registration }))).toEqual(OTP_FAILED);
    await signIn(t.app, '01811000000', 'owner123');
  });
});

describe("account messages in the shopper's language", () => {
  const inBangla = { cookies: { lang: 'bn' } };

  it('texts the code of a sign-up in Bangla to a shopper who chose Bangla, and the code from it verifies', async () => {
    const res = await post('/register', phoneForm, inBangla);
    expect(res.statusCode).toBe(201);
    const sms = t.outbox.last(phoneForm.phone);
    const code = t.outbox.lastOtp(phoneForm.phone);
    expect(sms.text).toBe(`আপনার হাট যাচাইয়ের কোড ${code}। ৫ মিনিটের মধ্যে ব্যবহার করুন। কোডটি কাউকে জানাবেন না।`);
    const { registration } = body<{ registration: string }>(res).data;

    const resent = await post('/resend-registration', { method: 'phone', phone: phoneForm.phone, registration }, inBangla);
    expect(resent.statusCode).toBe(200);
    expect(t.outbox.last(phoneForm.phone).text).toMatch(/^আপনার হাট যাচাইয়ের কোড \d{4}।/);
    const fresh = body<{ registration: string }>(resent).data.registration;
    expect((await post('/verify-otp', { phone: phoneForm.phone, code: t.outbox.lastOtp(phoneForm.phone), registration: fresh })).statusCode).toBe(200);
  });

  it('mails the verification link in Bangla to a browser whose first language is Bangla, and in English to anyone else', async () => {
    expect((await post('/register', emailForm, { headers: { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' } })).statusCode).toBe(201);
    const mail = t.outbox.last(emailForm.email);
    expect(mail.subject).toBe('আপনার হাট অ্যাকাউন্ট যাচাই করুন');
    expect(mail.text.split('\n')[0]).toBe(`প্রিয় ${emailForm.name},`);
    expect(mail.text).toContain('আপনার হাট অ্যাকাউন্ট যাচাই করতে এই লিংকটি খুলুন:');
    expect(t.outbox.lastLink(emailForm.email).startsWith(`${t.config.publicUrl}/verify/`)).toBe(true);

    // The shopper's choice outweighs the browser's languages.
    await post('/register', { ...emailForm, email: 'karim@example.com' }, { headers: { 'accept-language': 'bn-BD' }, cookies: { lang: 'en' } });
    expect(t.outbox.last('karim@example.com').subject).toBe('Verify your haat account');
  });

  it('sends a password reset code in Bangla', async () => {
    await createUser(t.db, { email: 'rahim@example.com', phone: '01711000009' });
    for (const identifier of ['rahim@example.com', '01711000009']) {
      expect((await post('/forgot-password', { identifier }, inBangla)).statusCode).toBe(200);
      const message = t.outbox.last(identifier);
      expect(message.text).toMatch(/^আপনার হাট পাসওয়ার্ড রিসেটের কোড \d{4}। ৫ মিনিটের মধ্যে ব্যবহার করুন।/);
      if (message.channel === 'email') expect(message.subject).toBe('আপনার হাট পাসওয়ার্ড রিসেটের কোড');
    }
  });
});

describe('password sign-in', () => {
  it('answers with the user and an access token, and sets the refresh cookie', async () => {
    const row = await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const res = await post('/signin', { identifier: ' Rahim@Example.com ', password: 'secret123' });
    expect(res.statusCode).toBe(200);
    const { message, data } = body<{ user: PublicUser; accessToken: string }>(res);
    expect(message).toBe('Login successful');
    expect(data.user._id).toBe(row.id);
    // The token names the user and the session; the role is read from the account on every request.
    const [session] = await t.db.select().from(sessions);
    expect(decodeJwt(data.accessToken)).toMatchObject({ sub: row.id, sid: session!.id });
    expect(decodeJwt(data.accessToken)).not.toHaveProperty('role');

    const cookie = refreshCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(refreshTokens);
    expect(stored?.tokenHash).toBe(sha256(cookie!.value));

    // The token is accepted: a customer gets 403 from an admin route, not 401.
    const admin = await t.app.inject({ method: 'GET', url: '/api/user/get-all-users', headers: bearer(data.accessToken) });
    expect(admin.statusCode).toBe(403);
  });

  it('answers an unknown identifier and a wrong password identically', async () => {
    await createUser(t.db, { email: 'rahim@example.com', phone: '01711111111', password: 'secret123' });
    const answers = await Promise.all([
      post('/signin', { identifier: 'nobody@example.com', password: 'secret123' }),
      post('/signin', { identifier: 'rahim@example.com', password: 'wrong-password' }),
      post('/signin', { identifier: '01700000000', password: 'secret123' }),
      post('/signin', { identifier: 'not a phone', password: 'secret123' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(JSON.stringify({ success: false, message: 'Invalid email/phone or password', code: 'badCredentials' }));
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('answers a registration still waiting for its link with 403 only when the password is right', async () => {
    await post('/register', { ...emailForm, password: 'secret123', confirmPassword: 'secret123' });
    const right = await post('/signin', { identifier: 'rahim@example.com', password: 'secret123' });
    expect(right.statusCode).toBe(403);
    expect(body(right)).toEqual({ success: false, message: 'Please verify your account before signing in', code: 'verifyBeforeSignIn' });
    const wrong = await post('/signin', { identifier: 'rahim@example.com', password: 'other-password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses missing fields with the contract messages', async () => {
    const noIdentifier = await post('/signin', { identifier: '  ', password: 'x' });
    expect(noIdentifier.statusCode).toBe(400);
    expect(body(noIdentifier).message).toBe('Email or phone is required');
    const noPassword = await post('/signin', { identifier: 'a@b.co', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(body(noPassword).message).toBe('Password is required');
  });

  it('ignores a stale bearer token the browser still sends', async () => {
    await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const res = await post('/signin', { identifier: 'rahim@example.com', password: 'secret123' }, { headers: bearer('expired.or.bogus') });
    expect(res.statusCode).toBe(200);
  });
});

describe('refresh token', () => {
  async function signedIn() {
    await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    return signIn(t.app, 'rahim@example.com', 'secret123');
  }
  const refresh = (token?: string) => post('/refresh-token', undefined, token ? { cookies: { refreshToken: token } } : {});

  it('rotates: answers a new access token string and a new cookie; the old cookie is then refused', async () => {
    const { refreshToken: first, user } = await signedIn();
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    const { success, data } = body<string>(res);
    expect(success).toBe(true);
    expect(typeof data).toBe('string');
    const [session] = await t.db.select().from(sessions);
    expect(decodeJwt(data)).toMatchObject({ sub: user._id, sid: session!.id });

    const second = refreshCookieOf(res);
    expect(second).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user' });
    expect(second?.value).not.toBe(first);

    const next = await refresh(second!.value);
    expect(next.statusCode).toBe(200);

    const rows = await t.db.select().from(refreshTokens);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.sessionId)).size).toBe(1);
  });

  /** Moves every rotation of the test back in time, past the grace window. */
  const rotatedLongAgo = () =>
    t.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(isNotNull(refreshTokens.rotatedAt));

  it('treats reuse of a token rotated more than a few seconds ago as theft: the whole session ends', async () => {
    const { refreshToken: first, accessToken, user } = await signedIn();
    const rotated = refreshCookieOf(await refresh(first))!.value;
    await rotatedLongAgo();

    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse)).toEqual(SESSION_EXPIRED);

    const newer = await refresh(rotated);
    expect(newer.statusCode).toBe(401);
    expect(body(newer)).toEqual(SESSION_EXPIRED);
    const profile = await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${user._id}`, headers: bearer(accessToken) });
    expect(profile.statusCode).toBe(401);
  });

  it('gives two tabs refreshing with the same cookie at once a working session each, in the same session', async () => {
    const { refreshToken: first, user } = await signedIn();
    const [tabA, tabB] = await Promise.all([refresh(first), refresh(first)]);
    expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
    const [a, b] = [refreshCookieOf(tabA)!.value, refreshCookieOf(tabB)!.value];
    expect(a).not.toBe(b);
    for (const res of [tabA, tabB]) {
      const profile = await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${user._id}`, headers: bearer(body<string>(res).data) });
      expect(profile.statusCode).toBe(200);
    }
    // Both successors go on rotating; the session is one.
    expect((await refresh(a)).statusCode).toBe(200);
    expect((await refresh(b)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it('gives a sibling token to a client that sends the just-rotated token again within the grace window', async () => {
    const { refreshToken: first } = await signedIn();
    const successor = refreshCookieOf(await refresh(first))!.value;
    const again = await refresh(first);
    expect(again.statusCode).toBe(200);
    const sibling = refreshCookieOf(again)!.value;
    expect(sibling).not.toBe(successor);
    expect((await refresh(successor)).statusCode).toBe(200);
    expect((await refresh(sibling)).statusCode).toBe(200);
  });

  it('leaves other sessions of the same user alone when one session ends', async () => {
    const phone = await signedIn();
    const laptop = await signIn(t.app, 'rahim@example.com', 'secret123');
    await refresh(phone.refreshToken);
    await rotatedLongAgo();
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a missing, unknown or expired token with 401', async () => {
    const missing = await refresh();
    expect(missing.statusCode).toBe(401);
    expect(body(missing)).toEqual(SESSION_EXPIRED);

    expect((await refresh('made-up-token')).statusCode).toBe(401);

    const { refreshToken } = await signedIn();
    await t.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('signs the new access token with the current role', async () => {
    const { refreshToken, user } = await signedIn();
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user._id));
    const accessToken = body<string>(await refresh(refreshToken)).data;
    const res = await t.app.inject({ method: 'GET', url: '/api/user/get-all-users', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the session and clears the cookie', async () => {
    await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const { refreshToken } = await signIn(t.app, 'rahim@example.com', 'secret123');
    const res = await post('/logout', undefined, { cookies: { refreshToken } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Logged out successfully', data: null });
    const cleared = refreshCookieOf(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/user');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    expect((await post('/refresh-token', undefined, { cookies: { refreshToken } })).statusCode).toBe(401);
  });

  it('works without a cookie, and with an expired bearer token still revokes the session', async () => {
    expect((await post('/logout')).statusCode).toBe(200);

    await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const { refreshToken } = await signIn(t.app, 'rahim@example.com', 'secret123');
    const res = await post('/logout', undefined, { cookies: { refreshToken }, headers: bearer('long.expired.token') });
    expect(res.statusCode).toBe(200);
    expect((await post('/refresh-token', undefined, { cookies: { refreshToken } })).statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  const FORGOT_MESSAGE = 'If an account exists for this email or phone, an OTP has been sent to it';

  /** Asks for a code; answers the token that goes back with it (the same answer, account or not). */
  async function forgot(identifier: string, extra: Extra = {}) {
    const res = await post('/forgot-password', { identifier }, extra);
    expect(res.statusCode).toBe(200);
    const answer = body<{ resetRequest: string }>(res);
    expect(answer).toEqual({ success: true, message: FORGOT_MESSAGE, data: { resetRequest: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    return answer.data.resetRequest;
  }

  async function resetFlow(identifier: string, to: string) {
    const resetRequest = await forgot(identifier);
    const code = t.outbox.lastOtp(to);
    const verified = await post('/verify-reset-otp', { identifier, code, resetRequest });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = body<{ resetToken: string }>(verified).data;
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return resetToken;
  }

  it('by email: OTP → reset token → new password; the old one fails and old sessions end', async () => {
    await createUser(t.db, { email: 'rahim@example.com', password: 'old-secret' });
    const before = await signIn(t.app, 'rahim@example.com', 'old-secret');

    const resetToken = await resetFlow('Rahim@example.com', 'rahim@example.com');
    expect(t.outbox.last('rahim@example.com')).toMatchObject({ channel: 'email', subject: 'Your haat password reset code' });
    const [stored] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.purpose, 'reset-password'));
    expect(stored?.tokenHash).toBe(sha256(resetToken));
    const minutesValid = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesValid).toBeGreaterThan(9.9);
    expect(minutesValid).toBeLessThanOrEqual(10);

    const reset = await post('/reset-password', { identifier: 'rahim@example.com', resetToken, password: 'new-secret' });
    expect(reset.statusCode).toBe(200);
    expect(body(reset).message).toBe('Password reset successful');

    expect((await post('/signin', { identifier: 'rahim@example.com', password: 'old-secret' })).statusCode).toBe(401);
    expect((await post('/signin', { identifier: 'rahim@example.com', password: 'new-secret' })).statusCode).toBe(200);
    expect((await post('/refresh-token', undefined, { cookies: { refreshToken: before.refreshToken } })).statusCode).toBe(401);

    const again = await post('/reset-password', { identifier: 'rahim@example.com', resetToken, password: 'third-secret' });
    expect(again.statusCode).toBe(400);
    expect(body(again)).toEqual(RESET_EXPIRED);
  });

  it('by phone: the code goes by SMS', async () => {
    await createUser(t.db, { phone: '01911000000', password: 'old-secret' });
    const resetToken = await resetFlow('01911000000', '01911000000');
    expect(t.outbox.last('01911000000').channel).toBe('sms');
    expect((await post('/reset-password', { identifier: '01911000000', resetToken, password: 'new-secret' })).statusCode).toBe(200);
    expect((await post('/signin', { identifier: '01911000000', password: 'new-secret' })).statusCode).toBe(200);
  });

  it('answers the same for an unknown identifier, or one only registered, and sends nothing', async () => {
    await post('/register', { ...emailForm, email: 'pending@example.com' });
    t.outbox.clear();
    for (const identifier of ['nobody@example.com', 'pending@example.com', '01700000000', 'not an identifier']) {
      const resetRequest = await forgot(identifier);
      // The token leads nowhere, whatever code is tried.
      const res = await post('/verify-reset-otp', { identifier, code: '1234', resetRequest });
      expect(body(res)).toEqual(OTP_FAILED);
    }
    expect(t.outbox.messages()).toHaveLength(0);
  });

  it('replaces a client’s earlier code with the fresh one it asks for', async () => {
    await createUser(t.db, { email: 'rahim@example.com' });
    const first = await forgot('rahim@example.com');
    const firstCode = t.outbox.lastOtp('rahim@example.com');
    const second = await forgot('rahim@example.com');
    const secondCode = t.outbox.lastOtp('rahim@example.com');
    expect(body(await post('/verify-reset-otp', { identifier: 'rahim@example.com', code: firstCode, resetRequest: first }))).toEqual(OTP_FAILED);
    expect((await post('/verify-reset-otp', { identifier: 'rahim@example.com', code: secondCode, resetRequest: second })).statusCode).toBe(200);
  });

  it('accepts a code only with the token of the request that asked for it', async () => {
    await createUser(t.db, { email: 'rahim@example.com' });
    const owners = await forgot('rahim@example.com', { remoteAddress: '203.0.113.5' });
    const code = t.outbox.lastOtp('rahim@example.com');
    const strangers = await forgot('rahim@example.com', { remoteAddress: '198.51.100.66' });
    // The stranger's request has a code of its own (sent to the owner); make sure it differs from the owner's.
    const [row] = await t.db
      .select()
      .from(confirmations)
      .where(eq(confirmations.tokenHash, sha256(strangers)));
    const strangersCode = code === '0000' ? '1111' : '0000';
    await t.db
      .update(confirmations)
      .set({ codeHash: hashOtp(t.config.jwtSecret, row!.id, strangersCode) })
      .where(eq(confirmations.id, row!.id));

    expect(body(await post('/verify-reset-otp', { identifier: 'rahim@example.com', code, resetRequest: strangers }))).toEqual(OTP_FAILED);
    expect(body(await post('/verify-reset-otp', { identifier: 'rahim@example.com', code: strangersCode, resetRequest: owners }))).toEqual(OTP_FAILED);
    expect((await post('/verify-reset-otp', { identifier: 'rahim@example.com', code, resetRequest: owners })).statusCode).toBe(200);
  });

  it('still sends the owner a working code after a stranger has asked for codes many times', async () => {
    await createUser(t.db, { email: 'rahim@example.com' });
    for (let i = 0; i < 6; i += 1) await post('/forgot-password', { identifier: 'rahim@example.com' }, { remoteAddress: '198.51.100.66' });
    // Minutes later every code the stranger caused has expired; the owner asks for one.
    await t.db.update(confirmations).set({ expiresAt: new Date(Date.now() - 1000) });
    const sentBefore = t.outbox.messages().length;
    const forgot = await post('/forgot-password', { identifier: 'rahim@example.com' }, { remoteAddress: '203.0.113.5' });
    expect(forgot.statusCode).toBe(200);
    expect(t.outbox.messages()).toHaveLength(sentBefore + 1);
    const code = t.outbox.lastOtp('rahim@example.com');
    const { resetRequest } = body<{ resetRequest: string }>(forgot).data;
    const verified = await post('/verify-reset-otp', { identifier: 'rahim@example.com', code, resetRequest }, { remoteAddress: '203.0.113.5' });
    expect(verified.statusCode).toBe(200);
  });

  it('keeps the owner’s code working when a stranger asks for another one meanwhile', async () => {
    await createUser(t.db, { email: 'rahim@example.com' });
    const forgot = await post('/forgot-password', { identifier: 'rahim@example.com' }, { remoteAddress: '203.0.113.5' });
    const code = t.outbox.lastOtp('rahim@example.com');
    const { resetRequest } = body<{ resetRequest: string }>(forgot).data;
    await post('/forgot-password', { identifier: 'rahim@example.com' }, { remoteAddress: '198.51.100.66' });
    const verified = await post('/verify-reset-otp', { identifier: 'rahim@example.com', code, resetRequest }, { remoteAddress: '203.0.113.5' });
    expect(verified.statusCode).toBe(200);
  });

  it('kills the reset code after 5 wrong tries', async () => {
    await createUser(t.db, { email: 'rahim@example.com' });
    const resetRequest = await forgot('rahim@example.com');
    const code = t.outbox.lastOtp('rahim@example.com');
    const wrong = code === '9999' ? '8888' : '9999';
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/verify-reset-otp', { identifier: 'rahim@example.com', code: wrong, resetRequest });
      expect(body(res)).toEqual(OTP_FAILED);
    }
    const res = await post('/verify-reset-otp', { identifier: 'rahim@example.com', code, resetRequest });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual(OTP_FAILED);
  });

  it('refuses a reset code after 5 minutes and for an unknown identifier', async () => {
    await createUser(t.db, { email: 'rahim@example.com' });
    const resetRequest = await forgot('rahim@example.com');
    const code = t.outbox.lastOtp('rahim@example.com');
    expect(body(await post('/verify-reset-otp', { identifier: 'nobody@example.com', code, resetRequest }))).toEqual(OTP_FAILED);
    await t.db.update(confirmations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(body(await post('/verify-reset-otp', { identifier: 'rahim@example.com', code, resetRequest }))).toEqual(OTP_FAILED);
  });

  it("refuses a reset token used for another account's identifier, or once expired", async () => {
    await createUser(t.db, { email: 'rahim@example.com' });
    await createUser(t.db, { email: 'other@example.com', password: 'other-secret' });
    const resetToken = await resetFlow('rahim@example.com', 'rahim@example.com');

    const stolen = await post('/reset-password', { identifier: 'other@example.com', resetToken, password: 'hijacked' });
    expect(stolen.statusCode).toBe(400);
    expect(body(stolen)).toEqual(RESET_EXPIRED);
    expect((await post('/signin', { identifier: 'other@example.com', password: 'other-secret' })).statusCode).toBe(200);

    await t.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await post('/reset-password', { identifier: 'rahim@example.com', resetToken, password: 'new-secret' });
    expect(body(late)).toEqual(RESET_EXPIRED);
  });

  it('refuses bad input with the contract messages', async () => {
    expect(body(await post('/forgot-password', { identifier: '' })).message).toBe('Email or phone is required');
    expect(body(await post('/verify-reset-otp', { identifier: 'a@b.co', code: '12', resetRequest: 'x' })).message).toBe(OTP_FAILED.message);
    expect(body(await post('/verify-reset-otp', { identifier: 'a@b.co', code: '1234' })).message).toBe(OTP_FAILED.message);
    const short = await post('/reset-password', { identifier: 'a@b.co', resetToken: 'x', password: '123' });
    expect(short.statusCode).toBe(400);
    expect(body(short).message).toBe('Password must be at least 6 characters');
    const noToken = await post('/reset-password', { identifier: 'a@b.co', resetToken: '', password: '123456' });
    expect(body(noToken)).toMatchObject(RESET_EXPIRED);
  });
});

describe('Google sign-in', () => {
  const google = async (claims: Parameters<typeof signGoogleIdToken>[0] = {}) => post('/google-login', { authCode: await signGoogleIdToken(claims) });

  it('creates a verified account on first sign-in and reuses it afterwards', async () => {
    const res = await google();
    expect(res.statusCode).toBe(200);
    const { message, data } = body<{ user: PublicUser; accessToken: string }>(res);
    expect(message).toBe('Google authentication successful!');
    expect(data.user).toMatchObject({
      name: 'Google Shopper',
      email: 'shopper@gmail.com',
      googleId: '100000000000000000001',
      isEmailVerified: true,
      profileImg: 'https://lh3.googleusercontent.com/a/shopper',
      role: 'user',
    });
    expect(decodeJwt(data.accessToken).sub).toBe(data.user._id);
    expect(refreshCookieOf(res)?.value).toBeTruthy();

    const again = await google({ name: 'Renamed At Google' });
    expect(body<{ user: PublicUser }>(again).data.user._id).toBe(data.user._id);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('links a verified password account with the same email, keeping its password', async () => {
    const row = await createUser(t.db, { email: 'shopper@gmail.com', password: 'secret123' });
    const res = await google({ email: 'Shopper@Gmail.com' });
    expect(res.statusCode).toBe(200);
    expect(body<{ user: PublicUser }>(res).data.user).toMatchObject({ _id: row.id, googleId: '100000000000000000001' });
    expect((await post('/signin', { identifier: 'shopper@gmail.com', password: 'secret123' })).statusCode).toBe(200);
  });

  it('creates a new account over a registration still waiting for its link: the registration then cannot complete', async () => {
    await post('/register', { ...emailForm, email: 'shopper@gmail.com', password: 'squatter', confirmPassword: 'squatter' });
    const link = tokenOfLink(t.outbox.lastLink('shopper@gmail.com'));
    const res = await google();
    expect(body<{ user: PublicUser }>(res).data.user).toMatchObject({ email: 'shopper@gmail.com', isEmailVerified: true, name: 'Google Shopper' });
    expect((await post('/verify-account', { token: link, password: 'squatter' })).statusCode).toBe(409);
    expect((await post('/signin', { identifier: 'shopper@gmail.com', password: 'squatter' })).statusCode).toBe(401);
  });

  it('does not store an email Google has not verified', async () => {
    await createUser(t.db, { email: 'victim@example.com' });
    const res = await google({ sub: '200', email: 'victim@example.com', email_verified: false, name: undefined });
    expect(res.statusCode).toBe(200);
    expect(body<{ user: PublicUser }>(res).data.user).toMatchObject({ email: null, isEmailVerified: false, googleId: '200' });
    expect(await t.db.select().from(users)).toHaveLength(2);
  });

  it.each([
    ['another audience', { aud: 'someone-elses-client' }],
    ['another issuer', { iss: 'https://evil.example.com' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }],
  ])('refuses %s with 401', async (_case, claims) => {
    const res = await google(claims);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ success: false, message: 'Google authentication failed', code: 'googleFailed' });
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('refuses a token signed by a key that is not Google’s, and garbage', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: '1', email: 'x@gmail.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'haat-test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience('test-client')
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await post('/google-login', { authCode: forged })).statusCode).toBe(401);
    expect((await post('/google-login', { authCode: 'garbage' })).statusCode).toBe(401);
  });

  it('refuses a missing credential with the contract message', async () => {
    const res = await post('/google-login', {});
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('No credential received from Google');
  });

  describe('when GOOGLE_CLIENT_ID is unset', () => {
    let unconfigured: TestApp;
    beforeAll(async () => {
      unconfigured = await createTestApp({ GOOGLE_CLIENT_ID: '' });
    });
    afterAll(() => unconfigured.close());

    it('answers 401 Google authentication failed', async () => {
      const res = await unconfigured.app.inject({
        method: 'POST',
        url: '/api/user/google-login',
        payload: { authCode: await signGoogleIdToken() },
      });
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe('Google authentication failed');
    });
  });
});

describe('cookie over HTTPS', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ PUBLIC_URL: 'https://haat.example.com' });
  });
  afterAll(() => https.close());

  it('marks the refresh cookie Secure', async () => {
    await createUser(https.db, { email: 'rahim@example.com', password: 'secret123' });
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { identifier: 'rahim@example.com', password: 'secret123' },
    });
    expect(refreshCookieOf(res)?.secure).toBe(true);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  const call = (app: FastifyInstance, url: string, remoteAddress = '203.0.113.7') =>
    app.inject({ method: 'POST', url: `/api/user${url}`, payload: { identifier: 'nobody@example.com', password: 'x' }, remoteAddress });

  it('answers the 4th sign-in within a minute with 429 and the envelope; other clients are unaffected', async () => {
    for (let i = 0; i < 3; i += 1) expect((await call(limited.app, '/signin')).statusCode).toBe(401);
    const res = await call(limited.app, '/signin');
    expect(res.statusCode).toBe(429);
    expect(body(res)).toEqual({ success: false, message: 'Too many requests. Please wait a minute and try again.', code: 'tooManyRequests' });
    expect(res.headers['retry-after']).toBeDefined();

    expect((await call(limited.app, '/signin', '198.51.100.9')).statusCode).toBe(401);
  });

  it.each(['/register', '/google-login', '/forgot-password', '/verify-otp', '/verify-reset-otp', '/reset-password', '/verify-account'])(
    'limits %s',
    async (url) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await call(limited.app, url, '192.0.2.44')).statusCode);
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
    },
  );

  it('does not limit refresh-token and logout', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await call(limited.app, '/refresh-token', '192.0.2.45')).statusCode).toBe(401);
      expect((await call(limited.app, '/logout', '192.0.2.45')).statusCode).toBe(200);
    }
  });
});

describe('a bearer token that is no longer good', () => {
  async function expiredToken(userId: string) {
    return new SignJWT({ sid: 'whatever' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
  }

  it('is ignored by public reads, which answer as to anyone', async () => {
    const row = await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const { accessToken, refreshToken } = await signIn(t.app, 'rahim@example.com', 'secret123');
    await post('/logout', undefined, { cookies: { refreshToken } });
    const stale = [await expiredToken(row.id), 'not.a.token', accessToken];
    for (const url of [
      '/api/products',
      '/api/categories',
      '/api/banner',
      '/api/logo',
      '/api/delivery-zones',
      '/api/config',
      '/api/products/categories-with-products',
    ]) {
      for (const token of stale) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, `${url} with ${token.slice(0, 12)}`).toBe(200);
      }
    }
  });

  it('is refused without an expiry even when signed with the real secret and naming a live session', async () => {
    const row = await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const { accessToken } = await signIn(t.app, 'rahim@example.com', 'secret123');
    const url = `/api/user/get-single-user/${row.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(accessToken) })).statusCode).toBe(200);
    const { sid } = decodeJwt(accessToken);
    const forever = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(row.id)
      .setIssuedAt()
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(forever) });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual(SESSION_EXPIRED);
  });

  it('still answers 401 on routes that need a signed-in user', async () => {
    const row = await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    for (const url of [
      `/api/user/get-single-user/${row.id}`,
      `/api/order/get-order-by-customerId/${row.id}`,
      `/api/wishlist/get-wishlist/${row.id}`,
      '/api/refund',
    ]) {
      for (const token of [await expiredToken(row.id), 'not.a.token']) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(401);
        expect(body(res)).toEqual(SESSION_EXPIRED);
      }
    }
  });
});

describe('links and codes per client address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ ACCOUNT_MESSAGES_PER_HOUR: '8' });
  });
  afterAll(() => limited.close());
  beforeEach(() => limited.reset());

  const TOO_MANY = { success: false, message: 'Too many codes and links were asked for from your network. Please try again in an hour.', code: 'tooManyCodes' };
  const ask = (url: string, payload: object, remoteAddress: string) => limited.app.inject({ method: 'POST', url: `/api/user${url}`, payload, remoteAddress });

  it('allows one client address 5 to a single email or phone an hour, and 8 in all, whatever the accounts', async () => {
    await createUser(limited.db, { email: 'rahim@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await ask('/forgot-password', { identifier: 'rahim@example.com' }, '198.51.100.66')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await ask('/forgot-password', { identifier: 'rahim@example.com' }, '198.51.100.66');
    expect(body(refused)).toEqual(TOO_MANY);

    // Other destinations from the same address: 3 more reach the hourly total of 8 (refusals are not counted).
    const more: number[] = [];
    for (const identifier of ['nobody1@example.com', '01700000001', 'nobody2@example.com']) {
      more.push((await ask('/forgot-password', { identifier }, '198.51.100.66')).statusCode);
    }
    expect(more).toEqual([200, 200, 200]);
    const signup = await ask('/register', { ...phoneForm, phone: '01900000009' }, '198.51.100.66');
    expect(signup.statusCode).toBe(429);

    // Another client is not affected: the owner still gets a code.
    expect((await ask('/forgot-password', { identifier: 'rahim@example.com' }, '203.0.113.5')).statusCode).toBe(200);
    // An hour later the address may ask again.
    await limited.db.update(confirmations).set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) });
    expect((await ask('/forgot-password', { identifier: 'rahim@example.com' }, '198.51.100.66')).statusCode).toBe(200);
  });

  it('counts a registration’s resends as forgot-password counts its codes: the 6th to one phone in an hour is refused', async () => {
    const registered = await ask('/register', phoneForm, '198.51.100.66');
    let { registration } = body<{ registration: string }>(registered).data;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await ask('/resend-registration', { method: 'phone', phone: phoneForm.phone, registration }, '198.51.100.66');
      statuses.push(res.statusCode);
      if (res.statusCode === 200) registration = body<{ registration: string }>(res).data.registration;
      else expect(body(res)).toEqual(TOO_MANY);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // The same hourly total as every other link and code: 3 more from this address reach 8.
    const more: number[] = [];
    for (const identifier of ['nobody1@example.com', 'nobody2@example.com', 'nobody3@example.com']) {
      more.push((await ask('/forgot-password', { identifier }, '198.51.100.66')).statusCode);
    }
    expect(more).toEqual([200, 200, 200]);
    expect((await ask('/register', { ...emailForm, email: 'late@example.com' }, '198.51.100.66')).statusCode).toBe(429);
  });

  it('answers an address with no account exactly as one with an account, limits included', async () => {
    await createUser(limited.db, { email: 'rahim@example.com' });
    for (const identifier of ['rahim@example.com', 'nobody@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await ask('/forgot-password', { identifier }, `198.51.100.${identifier.length}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });
});
