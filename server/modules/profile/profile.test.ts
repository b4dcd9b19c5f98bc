import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../contract/auth';
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MEDIA_URL_PATTERN } from '../../../contract/catalogue';
import type { Profile, ProfileImageResult } from '../../../contract/profile';
import { confirmations, users } from '../../db/schema';
import { newId } from '../../db/ids';
import type { UserRow } from '../users/public';
import { authAs, bearer, body, createUser, signGoogleIdToken, signIn, useShop } from '../../test/harness';
import { fileBlob, picture } from '../products/test-fixtures';

const t = useShop();
let alice: UserRow & { headers: Record<string, string> };
let bob: UserRow & { headers: Record<string, string> };
let admin: Record<string, string>;

beforeEach(async () => {
  const a = await createUser(t.db, { name: 'Alice Rahman', email: 'alice@example.com', phone: '01711000001', password: 'alice-pass' });
  const b = await createUser(t.db, { name: 'Bob Karim', email: 'bob@example.com', phone: '01811000002' });
  alice = { ...a, headers: await authAs(t.config, a) };
  bob = { ...b, headers: await authAs(t.config, b) };
  admin = await authAs(t.config, await createUser(t.db, { email: 'admin@example.com', role: 'admin' }));
});

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('GET /api/user/get-single-user/:id', () => {
  it('answers the profile to its owner and to admins only', async () => {
    const own = await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${alice.id}`, headers: alice.headers });
    expect(own.statusCode).toBe(200);
    expect(body<PublicUser>(own).data).toMatchObject({
      _id: alice.id,
      name: 'Alice Rahman',
      email: 'alice@example.com',
      phone: '01711000001',
      address: null,
      profileImg: null,
    });
    expect(own.body).not.toContain('argon2');
    expect((await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${alice.id}`, headers: bob.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${alice.id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${newId()}`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${alice.id}` })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/update-profile', () => {
  const update = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: '/api/user/update-profile', headers, payload });

  it('changes only the fields sent, trimming the name', async () => {
    const res = await update(alice.headers, { id: alice.id, name: '  Alice R.  ', address: 'House 12, Road 5, Dhanmondi' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Profile updated successfully');
    expect(body<PublicUser>(res).data).toMatchObject({
      name: 'Alice R.',
      address: 'House 12, Road 5, Dhanmondi',
      email: 'alice@example.com',
      phone: '01711000001',
    });
    const row = await userRow(alice.id);
    expect(row).toMatchObject({ name: 'Alice R.', email: 'alice@example.com', phone: '01711000001' });
  });

  it('checks formats and ownership', async () => {
    const cases: [object, string][] = [
      [{ id: alice.id, email: 'not-an-email' }, 'Invalid email'],
      [{ id: alice.id, phone: '01211000001' }, 'Invalid phone number'],
      [{ id: alice.id, name: 'Al' }, 'Name must be at least 3 characters'],
      [{ id: alice.id, profileImg: 'https://evil.example/x.png' }, 'Upload the profile image first'],
    ];
    for (const [payload, message] of cases) {
      const res = await update(alice.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const other = await update(bob.headers, { id: alice.id, name: 'Mallory' });
    expect(other.statusCode).toBe(403);
    expect((await userRow(alice.id)).name).toBe('Alice Rahman');
  });
});

describe('changing the email or phone', () => {
  const update = (headers: Record<string, string>, payload: object, remoteAddress?: string) =>
    t.app.inject({ method: 'PUT', url: '/api/user/update-profile', headers, payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const confirmEmail = (headers: Record<string, string>, token: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/confirm-email', headers, payload: { token } });
  const confirmPhone = (headers: Record<string, string>, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/confirm-phone', headers, payload: { code } });
  const profileOf = async (user: { id: string; headers: Record<string, string> }) =>
    body<Profile>(await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${user.id}`, headers: user.headers })).data;
  const tokenOf = (link: string) => /\/confirm-email\/([\w-]+)\?lang=(?:en|bn)$/.exec(link)?.[1] ?? '';

  it('does not set a new email: it mails a link to the new address and shows the change as pending', async () => {
    const res = await update(alice.headers, { id: alice.id, email: 'Alice.New@Example.com', name: 'Alice R.' });
    expect(res.statusCode).toBe(200);
    expect(body<Profile>(res).data).toMatchObject({ name: 'Alice R.', email: 'alice@example.com', pendingEmail: 'alice.new@example.com', pendingPhone: null });
    expect(await userRow(alice.id)).toMatchObject({ name: 'Alice R.', email: 'alice@example.com' });
    const link = t.outbox.lastLink('alice.new@example.com');
    expect(link.startsWith(`${t.config.publicUrl}/confirm-email/`)).toBe(true);
    expect(t.outbox.last('alice.new@example.com').subject).toBe('Confirm your new haat email');
    expect((await profileOf(alice)).pendingEmail).toBe('alice.new@example.com');
    // Not the account's address yet: signing in with it fails.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { identifier: 'alice.new@example.com', password: 'alice-pass' } })).statusCode,
    ).toBe(401);
  });

  it('makes the new email the account’s when its holder opens the link, and tells the old address', async () => {
    await update(alice.headers, { id: alice.id, email: 'alice.new@example.com' });
    const token = tokenOf(t.outbox.lastLink('alice.new@example.com'));
    const res = await confirmEmail(alice.headers, token);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Email changed successfully');
    expect(body<Profile>(res).data).toMatchObject({ email: 'alice.new@example.com', isEmailVerified: true, pendingEmail: null });
    await signIn(t.app, 'alice.new@example.com', 'alice-pass');
    const notice = t.outbox.last('alice@example.com');
    expect(notice.subject).toBe('Your haat email was changed');
    expect(notice.text).toContain('alice.new@example.com');

    const again = await confirmEmail(alice.headers, token);
    expect(again.statusCode).toBe(409);
  });

  it('refuses the link to another account, to nobody signed in, and once expired', async () => {
    await update(alice.headers, { id: alice.id, email: 'alice.new@example.com' });
    const token = tokenOf(t.outbox.lastLink('alice.new@example.com'));
    const other = await confirmEmail(bob.headers, token);
    expect(other.statusCode).toBe(403);
    expect(body(other).message).toBe('This link was sent for another account. Sign in to that account and open it again.');
    expect((await confirmEmail({}, token)).statusCode).toBe(401);
    expect((await confirmEmail(alice.headers, 'made-up-token')).statusCode).toBe(400);
    await t.db.update(confirmations).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await confirmEmail(alice.headers, token);
    expect(late.statusCode).toBe(400);
    expect(body(late).message).toContain('expired');
    expect((await userRow(alice.id)).email).toBe('alice@example.com');
  });

  it('reserves nothing: the real owner registers the address meanwhile, and the pending change then fails', async () => {
    const squat = await update(bob.headers, { id: bob.id, email: 'victim@example.com' });
    expect(squat.statusCode).toBe(200);
    const squattersToken = tokenOf(t.outbox.lastLink('victim@example.com'));

    const form = { method: 'email', name: 'Real Owner', email: 'victim@example.com', password: 'owner-pass', confirmPassword: 'owner-pass' };
    expect((await t.app.inject({ method: 'POST', url: '/api/user/register', payload: form })).statusCode).toBe(201);
    const link = /\/verify\/([\w-]+)\?lang=en$/.exec(t.outbox.lastLink('victim@example.com'))![1]!;
    expect((await t.app.inject({ method: 'POST', url: '/api/user/verify-account', payload: { token: link, password: 'owner-pass' } })).statusCode).toBe(200);

    const late = await confirmEmail(bob.headers, squattersToken);
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe('This email now belongs to another account');
    expect((await userRow(bob.id)).email).toBe('bob@example.com');
  });

  it('leads Google sign-in with an address a stranger asked for to its owner’s own account, not the stranger’s', async () => {
    await update(bob.headers, { id: bob.id, email: 'victim@gmail.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/google-login',
      payload: { authCode: await signGoogleIdToken({ sub: 'victim-google', email: 'victim@gmail.com' }) },
    });
    expect(res.statusCode).toBe(200);
    const { user } = body<{ user: PublicUser }>(res).data;
    expect(user._id).not.toBe(bob.id);
    expect(user.email).toBe('victim@gmail.com');
    expect((await userRow(bob.id)).googleId).toBeNull();
  });

  it('does not set a new phone: it texts a code to the new number, and the code sets it', async () => {
    const res = await update(alice.headers, { id: alice.id, phone: '01911000003' });
    expect(body<Profile>(res).data).toMatchObject({ phone: '01711000001', pendingPhone: '01911000003' });
    expect((await userRow(alice.id)).phone).toBe('01711000001');
    const code = t.outbox.lastOtp('01911000003');

    const wrong = await confirmPhone(alice.headers, code === '0000' ? '1111' : '0000');
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('Invalid OTP or session expired');
    // The code is bound to the account that asked.
    expect((await confirmPhone(bob.headers, code)).statusCode).toBe(400);

    const ok = await confirmPhone(alice.headers, code);
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe('Phone number changed successfully');
    expect(body<Profile>(ok).data).toMatchObject({ phone: '01911000003', pendingPhone: null });
    await signIn(t.app, '01911000003', 'alice-pass');
    expect(t.outbox.last('01711000001').text).toContain('01911000003');
  });

  it('kills a phone code after 5 wrong tries, and sends a fresh one (replacing it) when asked again', async () => {
    await update(alice.headers, { id: alice.id, phone: '01911000003' });
    const code = t.outbox.lastOtp('01911000003');
    for (let i = 0; i < 5; i += 1) await confirmPhone(alice.headers, code === '0000' ? '1111' : '0000');
    expect((await confirmPhone(alice.headers, code)).statusCode).toBe(400);

    await update(alice.headers, { id: alice.id, phone: '01911000003' });
    const fresh = t.outbox.lastOtp('01911000003');
    expect((await confirmPhone(alice.headers, fresh)).statusCode).toBe(200);
  });

  it('fails a phone confirmation when the number became another account’s meanwhile', async () => {
    await update(alice.headers, { id: alice.id, phone: '01911000003' });
    const code = t.outbox.lastOtp('01911000003');
    await createUser(t.db, { phone: '01911000003' });
    const res = await confirmPhone(alice.headers, code);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('This phone number now belongs to another account');
  });

  it('sends the link, the code and the change notice in Bangla to a shopper who chose Bangla', async () => {
    const inBangla = (headers: Record<string, string>) => ({ ...headers, cookie: 'lang=bn' });
    await update(inBangla(alice.headers), { id: alice.id, email: 'alice.new@example.com' });
    const mail = t.outbox.last('alice.new@example.com');
    expect(mail.subject).toBe('হাট-এ আপনার নতুন ইমেইল নিশ্চিত করুন');
    expect(mail.text.split('\n')[0]).toBe('প্রিয় Alice Rahman,');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/user/confirm-email',
      headers: inBangla(alice.headers),
      payload: { token: tokenOf(t.outbox.lastLink('alice.new@example.com')) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(t.outbox.last('alice@example.com')).toMatchObject({
      subject: 'আপনার হাট অ্যাকাউন্টের ইমেইল বদলানো হয়েছে',
      text: expect.stringContaining('আপনার হাট অ্যাকাউন্টের ইমেইল এখন alice.new@example.com।'),
    });

    await update(inBangla(alice.headers), { id: alice.id, phone: '01911000003' });
    const code = t.outbox.lastOtp('01911000003');
    expect(t.outbox.last('01911000003').text).toBe(`আপনার হাট ফোন নম্বর বদলের কোড ${code}। ৫ মিনিটের মধ্যে ব্যবহার করুন। কোডটি কাউকে জানাবেন না।`);
    const ok = await t.app.inject({ method: 'POST', url: '/api/user/confirm-phone', headers: inBangla(alice.headers), payload: { code } });
    expect(ok.statusCode).toBe(200);
    expect(t.outbox.last('01711000001').text).toMatch(/^আপনার হাট অ্যাকাউন্টের ফোন নম্বর এখন 01911000003।/);
  });

  it('changes nothing and sends nothing for the address the account already has', async () => {
    const res = await update(alice.headers, { id: alice.id, email: 'ALICE@example.com', phone: '01711000001' });
    expect(body<Profile>(res).data).toMatchObject({ pendingEmail: null, pendingPhone: null });
    expect(t.outbox.messages()).toHaveLength(0);
  });
});

describe('PATCH /api/user/change-password', () => {
  const change = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/user/change-password', headers, payload });

  it('needs the current password and a confirmed new one', async () => {
    const cases: [object, string][] = [
      [{ id: alice.id, currentPassword: '', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' }, 'Current password is required'],
      [{ id: alice.id, currentPassword: 'alice-pass', newPassword: 'new-pass-1', confirmPassword: 'new-pass-2' }, "Passwords don't match"],
      [{ id: alice.id, currentPassword: 'alice-pass', newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters'],
      [{ id: alice.id, currentPassword: 'alice-pass', newPassword: 'new-pass-1' }, 'Please confirm your password'],
      [{ id: alice.id, currentPassword: 'wrong-pass', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' }, 'Current password is incorrect'],
    ];
    for (const [payload, message] of cases) {
      const res = await change(alice.headers, payload);
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    await signIn(t.app, 'alice@example.com', 'alice-pass');
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const here = await signIn(t.app, 'alice@example.com', 'alice-pass');
    const elsewhere = await signIn(t.app, 'alice@example.com', 'alice-pass');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/change-password',
      headers: bearer(here.accessToken),
      cookies: { refreshToken: here.refreshToken },
      payload: { id: alice.id, currentPassword: 'alice-pass', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Password changed successfully');

    await signIn(t.app, 'alice@example.com', 'new-pass-1');
    const old = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { identifier: 'alice@example.com', password: 'alice-pass' } });
    expect(old.statusCode).toBe(401);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/user/refresh-token', cookies: { refreshToken: token } });
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
  });

  it("refuses to change someone else's password", async () => {
    const res = await change(bob.headers, { id: alice.id, currentPassword: 'secret123', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' });
    expect(res.statusCode).toBe(403);
    await signIn(t.app, 'alice@example.com', 'alice-pass');
  });
});

describe('POST /api/user/upload-profile-image', () => {
  const upload = (headers: Record<string, string>, id: string, bytes: Buffer, filename: string, type: string) => {
    const form = new FormData();
    form.append('id', id);
    form.append('profileImage', fileBlob(bytes, type), filename);
    return t.app.inject({ method: 'POST', url: '/api/user/upload-profile-image', headers, payload: form });
  };
  const stored = () => (existsSync(join(t.config.dataDir, 'media')) ? readdirSync(join(t.config.dataDir, 'media')) : []);

  it('stores a real image and sets it as the profile picture', async () => {
    const res = await upload(alice.headers, alice.id, await picture(200, 200, 'jpeg'), 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Profile image updated successfully');
    const { profileImg, user } = body<ProfileImageResult>(res).data;
    expect(profileImg).toMatch(MEDIA_URL_PATTERN);
    expect(user.profileImg).toBe(profileImg);
    expect((await userRow(alice.id)).profileImg).toBe(profileImg);
    expect((await t.app.inject({ method: 'GET', url: profileImg })).statusCode).toBe(200);
  });

  it('refuses a file over 25 MB with 413 and stores nothing', async () => {
    const jpeg = await picture(64, 64, 'jpeg');
    const oversized = Buffer.concat([jpeg, Buffer.alloc(26 * 1024 * 1024 - jpeg.length)]);
    const before = stored();
    const res = await upload(alice.headers, alice.id, oversized, 'big.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ success: false, message: IMAGE_TOO_LARGE, code: 'imageTooLarge' });
    expect(stored()).toEqual(before);
    expect((await userRow(alice.id)).profileImg).toBeNull();
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const res = await upload(alice.headers, alice.id, Buffer.from('%PDF-1.7 not a picture'), 'me.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message: IMAGE_WRONG_TYPE, code: 'imageWrongType' });
    expect((await userRow(alice.id)).profileImg).toBeNull();
  });

  it("refuses to set someone else's picture, before storing anything", async () => {
    const before = stored();
    const res = await upload(bob.headers, alice.id, await picture(50, 50, 'png'), 'x.png', 'image/png');
    expect(res.statusCode).toBe(403);
    expect(stored()).toEqual(before);
    expect((await userRow(alice.id)).profileImg).toBeNull();
  });
});
