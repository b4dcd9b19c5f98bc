import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../contract/auth';
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MEDIA_URL_PATTERN } from '../../../contract/catalogue';
import type { ProfileImageResult } from '../../../contract/profile';
import { users } from '../../db/schema';
import { newId } from '../../db/ids';
import { bearer, body, signIn, TEST_PASSWORD, useShop } from '../../test/harness';
import { fileBlob, picture } from '../products/test-fixtures';

const t = useShop({ people: true });

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('GET /api/user/get-single-user/:id', () => {
  it('answers the profile to its owner and to admins only', async () => {
    const own = await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${t.alice.id}`, headers: t.alice.headers });
    expect(own.statusCode).toBe(200);
    expect(body<PublicUser>(own).data).toMatchObject({ _id: t.alice.id, name: 'Alice Rahman', email: 'alice@example.com', phone: '01711000001', address: null, profileImg: null });
    expect(own.body).not.toContain('argon2');
    expect((await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${t.alice.id}`, headers: t.bob.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${t.alice.id}`, headers: t.admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${newId()}`, headers: t.admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${t.alice.id}` })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/update-profile', () => {
  const update = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: '/api/user/update-profile', headers, payload });

  it('changes only the fields sent, trimming the name', async () => {
    const res = await update(t.alice.headers, { id: t.alice.id, name: '  Alice R.  ', address: 'House 12, Road 5, Dhanmondi' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Profile updated successfully');
    expect(body<PublicUser>(res).data).toMatchObject({ name: 'Alice R.', address: 'House 12, Road 5, Dhanmondi', email: 'alice@example.com', phone: '01711000001' });
    const row = await userRow(t.alice.id);
    expect(row).toMatchObject({ name: 'Alice R.', email: 'alice@example.com', phone: '01711000001', isEmailVerified: true });
  });

  it('unverifies a changed email, and refuses an email or phone another account has', async () => {
    const taken = await update(t.alice.headers, { id: t.alice.id, email: 'BOB@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe('An account with this email already exists');
    const phoneTaken = await update(t.alice.headers, { id: t.alice.id, phone: '01811000002' });
    expect(phoneTaken.statusCode).toBe(409);
    expect(body(phoneTaken).message).toBe('An account with this phone number already exists');
    expect(await userRow(t.alice.id)).toMatchObject({ email: 'alice@example.com', phone: '01711000001' });

    const changed = await update(t.alice.headers, { id: t.alice.id, email: 'Alice.New@Example.com', phone: '01911000003' });
    expect(body<PublicUser>(changed).data).toMatchObject({ email: 'alice.new@example.com', phone: '01911000003', isEmailVerified: false });
    // Signing in uses the new address.
    await signIn(t.app, 'alice.new@example.com', TEST_PASSWORD);
  });

  it('checks formats and ownership', async () => {
    const cases: [object, string][] = [
      [{ id: t.alice.id, email: 'not-an-email' }, 'Invalid email'],
      [{ id: t.alice.id, phone: '01211000001' }, 'Invalid phone number'],
      [{ id: t.alice.id, name: 'Al' }, 'Name must be at least 3 characters'],
      [{ id: t.alice.id, profileImg: 'https://evil.example/x.png' }, 'Upload the profile image first'],
    ];
    for (const [payload, message] of cases) {
      const res = await update(t.alice.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const other = await update(t.bob.headers, { id: t.alice.id, name: 'Mallory' });
    expect(other.statusCode).toBe(403);
    expect((await userRow(t.alice.id)).name).toBe('Alice Rahman');
  });
});

describe('PATCH /api/user/change-password', () => {
  const change = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/user/change-password', headers, payload });

  it('needs the current password and a confirmed new one', async () => {
    const cases: [object, string][] = [
      [{ id: t.alice.id, currentPassword: '', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' }, 'Current password is required'],
      [{ id: t.alice.id, currentPassword: TEST_PASSWORD, newPassword: 'new-pass-1', confirmPassword: 'new-pass-2' }, "Passwords don't match"],
      [{ id: t.alice.id, currentPassword: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters'],
      [{ id: t.alice.id, currentPassword: TEST_PASSWORD, newPassword: 'new-pass-1' }, 'Please confirm your password'],
      [{ id: t.alice.id, currentPassword: 'wrong-pass', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' }, 'Current password is incorrect'],
    ];
    for (const [payload, message] of cases) {
      const res = await change(t.alice.headers, payload);
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    await signIn(t.app, 'alice@example.com', TEST_PASSWORD);
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const here = await signIn(t.app, 'alice@example.com', TEST_PASSWORD);
    const elsewhere = await signIn(t.app, 'alice@example.com', TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/change-password',
      headers: bearer(here.accessToken),
      cookies: { refreshToken: here.refreshToken },
      payload: { id: t.alice.id, currentPassword: TEST_PASSWORD, newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Password changed successfully');

    await signIn(t.app, 'alice@example.com', 'new-pass-1');
    const old = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { identifier: 'alice@example.com', password: TEST_PASSWORD } });
    expect(old.statusCode).toBe(401);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/user/refresh-token', cookies: { refreshToken: token } });
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
  });

  it("refuses to change someone else's password", async () => {
    const res = await change(t.bob.headers, { id: t.alice.id, currentPassword: 'secret123', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' });
    expect(res.statusCode).toBe(403);
    await signIn(t.app, 'alice@example.com', TEST_PASSWORD);
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
    const res = await upload(t.alice.headers, t.alice.id, await picture(200, 200, 'jpeg'), 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Profile image updated successfully');
    const { profileImg, user } = body<ProfileImageResult>(res).data;
    expect(profileImg).toMatch(MEDIA_URL_PATTERN);
    expect(user.profileImg).toBe(profileImg);
    expect((await userRow(t.alice.id)).profileImg).toBe(profileImg);
    expect((await t.app.inject({ method: 'GET', url: profileImg })).statusCode).toBe(200);
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const jpeg = await picture(64, 64, 'jpeg');
    const sixMegabytes = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length)]);
    const before = stored();
    const res = await upload(t.alice.headers, t.alice.id, sixMegabytes, 'big.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ success: false, message: IMAGE_TOO_LARGE });
    expect(stored()).toEqual(before);
    expect((await userRow(t.alice.id)).profileImg).toBeNull();
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const res = await upload(t.alice.headers, t.alice.id, Buffer.from('%PDF-1.7 not a picture'), 'me.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message: IMAGE_WRONG_TYPE });
    expect((await userRow(t.alice.id)).profileImg).toBeNull();
  });

  it("refuses to set someone else's picture, before storing anything", async () => {
    const before = stored();
    const res = await upload(t.bob.headers, t.alice.id, await picture(50, 50, 'png'), 'x.png', 'image/png');
    expect(res.statusCode).toBe(403);
    expect(stored()).toEqual(before);
    expect((await userRow(t.alice.id)).profileImg).toBeNull();
  });
});
