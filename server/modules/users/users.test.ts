import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicUser, UserList } from '../../../contract/auth';
import { users } from '../../db/schema';
import { bearer, body, createUser, signIn, useShop } from '../../test/harness';
import { changeRole, DEFAULT_ADMIN_EMAIL, deleteUser, ensureAdmin } from './service';

const t = useShop();

const admins = () => t.db.select().from(users).where(eq(users.role, 'admin'));

describe('ensureAdmin', () => {
  it('creates admin@haat.local with a generated password once, then does nothing', async () => {
    const first = await ensureAdmin(t.db, { email: undefined, password: undefined });
    expect(first.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const session = await signIn(t.app, DEFAULT_ADMIN_EMAIL, first.generatedPassword!);
    expect(session.user).toMatchObject({ role: 'admin', isEmailVerified: true });

    const second = await ensureAdmin(t.db, { email: undefined, password: undefined });
    expect(second).toEqual({ email: DEFAULT_ADMIN_EMAIL });
    expect(await admins()).toHaveLength(1);
    // The generated password still works: the second call changed nothing.
    await signIn(t.app, DEFAULT_ADMIN_EMAIL, first.generatedPassword!);
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const result = await ensureAdmin(t.db, { email: 'Boss@Shop.example', password: 'boss-password' });
    expect(result).toEqual({ email: 'boss@shop.example' });
    const session = await signIn(t.app, 'boss@shop.example', 'boss-password');
    expect(session.user.role).toBe('admin');
  });

  it('promotes an existing ADMIN_EMAIL account without touching its password', async () => {
    const row = await createUser(t.db, { email: 'owner@shop.example', password: 'owner-password' });
    const result = await ensureAdmin(t.db, { email: 'owner@shop.example', password: 'ignored-password' });
    expect(result).toEqual({ email: 'owner@shop.example' });
    const list = await admins();
    expect(list.map((u) => u.id)).toEqual([row.id]);
    await signIn(t.app, 'owner@shop.example', 'owner-password');
  });

  it('keeps an existing admin when ADMIN_EMAIL has no account', async () => {
    await createUser(t.db, { email: 'first@shop.example', role: 'admin' });
    const result = await ensureAdmin(t.db, { email: 'new@shop.example', password: 'whatever1' });
    expect(result).toEqual({ email: 'first@shop.example' });
    expect(await admins()).toHaveLength(1);
  });

  it('refuses an ADMIN_PASSWORD shorter than the password minimum', async () => {
    await expect(ensureAdmin(t.db, { email: undefined, password: '123' })).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await admins()).toHaveLength(0);
  });
});

describe('user management', () => {
  let admin: { id: string; token: string };
  let customer: { id: string; token: string };

  beforeEach(async () => {
    const adminRow = await createUser(t.db, { name: 'Shop Admin', email: 'admin@shop.example', password: 'admin-pass', role: 'admin' });
    const customerRow = await createUser(t.db, { name: 'Rahim Uddin', email: 'rahim@example.com', phone: '01711222333', password: 'secret123' });
    admin = { id: adminRow.id, token: (await signIn(t.app, 'admin@shop.example', 'admin-pass')).accessToken };
    customer = { id: customerRow.id, token: (await signIn(t.app, 'rahim@example.com', 'secret123')).accessToken };
  });

  const calls = () =>
    [
      { method: 'GET', url: '/api/user/get-all-users' },
      { method: 'GET', url: '/api/user/get-user-by-search?searchTerm=rahim' },
      { method: 'PATCH', url: '/api/user/change-role', payload: { userId: customer.id, role: 'admin' } },
      { method: 'DELETE', url: `/api/user/delete-user/${admin.id}` },
      { method: 'GET', url: '/api/user/users?search=rahim' },
    ] as const;

  it('answers anonymous callers with 401 on every route', async () => {
    for (const call of calls()) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(401);
      expect(body(res).success).toBe(false);
    }
  });

  it('answers customers with 403 on every route and changes nothing', async () => {
    for (const call of calls()) {
      const res = await t.app.inject({ ...call, headers: bearer(customer.token) });
      expect(res.statusCode, call.url).toBe(403);
      expect(body(res)).toEqual({ success: false, message: 'You do not have permission to do this', code: 'noPermission' });
    }
    expect(await admins()).toHaveLength(1);
    expect(await t.db.select().from(users)).toHaveLength(2);
  });

  it('lists every user newest first, as public users', async () => {
    const newest = await createUser(t.db, { name: 'Newest Seller', email: 'seller@example.com', role: 'seller' });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/get-all-users', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const list = body<PublicUser[]>(res).data;
    expect(list.map((u) => u._id)).toEqual([newest.id, customer.id, admin.id]);
    expect(list[0]).toEqual({
      _id: newest.id,
      name: 'Newest Seller',
      email: 'seller@example.com',
      role: 'seller',
      isEmailVerified: true,
      profileImg: null,
      phone: null,
      address: null,
      googleId: null,
    });
    expect(res.body).not.toContain('argon2');
  });

  it('searches name, email and phone case-insensitively, with a role filter', async () => {
    await createUser(t.db, { name: 'Karim Seller', email: 'karim@example.com', phone: '01911000111', role: 'seller' });
    const search = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/get-user-by-search?${query}`, headers: bearer(admin.token) });
      expect(res.statusCode).toBe(200);
      return body<PublicUser[]>(res)
        .data.map((u) => u.name)
        .sort();
    };
    expect(await search('searchTerm=RAHIM')).toEqual(['Rahim Uddin']);
    expect(await search('searchTerm=EXAMPLE.com')).toEqual(['Karim Seller', 'Rahim Uddin']);
    expect(await search('searchTerm=222')).toEqual(['Rahim Uddin']);
    expect(await search('searchTerm=example&role=seller')).toEqual(['Karim Seller']);
    expect(await search('role=admin')).toEqual(['Shop Admin']);
    expect(await search('')).toEqual(['Karim Seller', 'Rahim Uddin', 'Shop Admin']);
    expect(await search('searchTerm=%25')).toEqual([]);

    const bad = await t.app.inject({ method: 'GET', url: '/api/user/get-user-by-search?role=owner', headers: bearer(admin.token) });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).success).toBe(false);
  });

  it('changes a role and answers the updated user', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/change-role',
      headers: bearer(admin.token),
      payload: { userId: customer.id, role: 'seller' },
    });
    expect(res.statusCode).toBe(200);
    expect(body<PublicUser>(res).data).toMatchObject({ _id: customer.id, role: 'seller' });
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.role).toBe('seller');
  });

  it('refuses to change an unknown user (404), the admin’s own role (409) and bad input (400)', async () => {
    const change = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/user/change-role', headers: bearer(admin.token), payload });

    const unknown = await change({ userId: 'no-such-user', role: 'seller' });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toEqual({ success: false, message: 'User not found', code: 'userNotFound' });

    const self = await change({ userId: admin.id, role: 'user' });
    expect(self.statusCode).toBe(409);
    expect(body(self).message).toBe('You cannot change your own role');
    expect(await admins()).toHaveLength(1);

    const badRole = await change({ userId: customer.id, role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    const noUser = await change({ role: 'seller' });
    expect(noUser.statusCode).toBe(400);
    expect(body(noUser).success).toBe(false);
  });

  it('deletes a user, and refuses unknown ids (404) and the admin’s own account (409)', async () => {
    const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/user/delete-user/${id}`, headers: bearer(admin.token) });

    const res = await remove(customer.id);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'User deleted successfully', data: null });
    expect(await t.db.select().from(users).where(eq(users.id, customer.id))).toHaveLength(0);

    const again = await remove(customer.id);
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe('User not found');

    const self = await remove(admin.id);
    expect(self.statusCode).toBe(409);
    expect(body(self).message).toBe('You cannot delete your own account');
    expect(await admins()).toHaveLength(1);

    const tooLong = await remove('x'.repeat(65));
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong).message).toBe('Id is too long');
  });
});

describe('roles, deletion and sign-out take effect on the next request', () => {
  const allUsers = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/get-all-users', headers: bearer(token) });
  const ownProfile = (id: string, token: string) => t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${id}`, headers: bearer(token) });

  it('a demoted admin loses the admin routes at once, with the access token they already hold', async () => {
    await createUser(t.db, { email: 'boss@shop.example', password: 'boss-pass', role: 'admin' });
    const second = await createUser(t.db, { email: 'deputy@shop.example', password: 'deputy-pass', role: 'admin' });
    const boss = await signIn(t.app, 'boss@shop.example', 'boss-pass');
    const deputy = await signIn(t.app, 'deputy@shop.example', 'deputy-pass');
    expect((await allUsers(deputy.accessToken)).statusCode).toBe(200);

    const demoted = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/change-role',
      headers: bearer(boss.accessToken),
      payload: { userId: second.id, role: 'user' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await allUsers(deputy.accessToken)).statusCode).toBe(403);
  });

  it('a promoted customer gets the new role at once, without signing in again', async () => {
    const row = await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const { accessToken } = await signIn(t.app, 'rahim@example.com', 'secret123');
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, row.id));
    expect((await allUsers(accessToken)).statusCode).toBe(200);
  });

  it('a deleted user is refused with 401 on the next request', async () => {
    await createUser(t.db, { email: 'boss@shop.example', password: 'boss-pass', role: 'admin' });
    const row = await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const boss = await signIn(t.app, 'boss@shop.example', 'boss-pass');
    const rahim = await signIn(t.app, 'rahim@example.com', 'secret123');
    expect((await ownProfile(row.id, rahim.accessToken)).statusCode).toBe(200);

    await t.app.inject({ method: 'DELETE', url: `/api/user/delete-user/${row.id}`, headers: bearer(boss.accessToken) });
    const after = await ownProfile(row.id, rahim.accessToken);
    expect(after.statusCode).toBe(401);
    expect(body(after)).toEqual({ success: false, message: 'Session expired, please sign in again', code: 'sessionExpired' });
  });

  it('signing out ends that session’s access token at once, and leaves the user’s other sessions alone', async () => {
    const row = await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const phone = await signIn(t.app, 'rahim@example.com', 'secret123');
    const laptop = await signIn(t.app, 'rahim@example.com', 'secret123');

    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', cookies: { refreshToken: phone.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect((await ownProfile(row.id, phone.accessToken)).statusCode).toBe(401);
    expect((await ownProfile(row.id, laptop.accessToken)).statusCode).toBe(200);
  });

  it('refuses a correctly signed token that names no session', async () => {
    const row = await createUser(t.db, { email: 'rahim@example.com', password: 'secret123' });
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(row.id)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await ownProfile(row.id, forged)).statusCode).toBe(401);
    expect((await allUsers(forged)).statusCode).toBe(401);
  });
});

describe('the back office user list: GET /api/user/users', () => {
  const shop = useShop({ people: true });
  const page = async (query: string) => {
    const res = await shop.app.inject({ url: `/api/user/users${query}`, headers: shop.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return body<UserList>(res).data;
  };

  it('pages newest first with the number of matches, each user with when they joined', async () => {
    const first = await page('?limit=3');
    expect(first).toMatchObject({ count: 3, total: 4, page: 1, pages: 2 });
    const second = await page('?limit=3&page=2');
    expect(second).toMatchObject({ count: 1, total: 4, page: 2, pages: 2 });
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((u) => u._id)).size).toBe(4);
    const createdTimes = all.map((u) => Date.parse(u.createdAt));
    expect(createdTimes).toEqual([...createdTimes].sort((a, b) => b - a));
    expect(Object.keys(all[0]!).sort()).toEqual(
      ['_id', 'name', 'email', 'role', 'isEmailVerified', 'profileImg', 'phone', 'address', 'googleId', 'createdAt'].sort(),
    );
    expect((await page('?limit=3&page=5')).data).toEqual([]);
  });

  it('searches name, email and phone in any case, with a role filter, and counts only the matches', async () => {
    const names = async (query: string) => (await page(query)).data.map((u) => u.name).sort();
    expect(await names('?search=ALICE')).toEqual(['Alice Rahman']);
    expect(await names('?search=01811')).toEqual(['Bob Karim']);
    expect(await names('?search=example.com&role=seller')).toEqual(['Dhaka Bazaar']);
    expect(await names('?role=user')).toEqual(['Alice Rahman', 'Bob Karim']);
    expect((await page('?role=user&limit=1')).total).toBe(2);
    expect((await page('?search=%25')).total).toBe(0);
  });

  it('refuses hostile and out-of-range queries with a 400 and a message', async () => {
    for (const query of [
      '?role=owner',
      '?page=0',
      '?limit=101',
      '?limit=1.5',
      '?page=Infinity',
      `?search=${'x'.repeat(6000)}`,
      '?search=a%00b',
      '?role=admin&role=user',
    ]) {
      const res = await shop.app.inject({ url: `/api/user/users${query}`, headers: shop.admin.headers });
      expect(res.statusCode, query).toBe(400);
      expect(body(res).success).toBe(false);
      expect(body(res).message, query).not.toBe('');
    }
  });

  it('answers 401 to anonymous callers and 403 to customers and sellers', async () => {
    expect((await shop.app.inject({ url: '/api/user/users' })).statusCode).toBe(401);
    expect((await shop.app.inject({ url: '/api/user/users', headers: shop.alice.headers })).statusCode).toBe(403);
    expect((await shop.app.inject({ url: '/api/user/users', headers: shop.seller.headers })).statusCode).toBe(403);
  });
});

describe('the shop always keeps an admin', () => {
  const shop = useShop({ people: true });
  const demote = (actor: { headers: Record<string, string> }, userId: string) =>
    shop.app.inject({ method: 'PATCH', url: '/api/user/change-role', headers: actor.headers, payload: { userId, role: 'user' } });

  it('refuses to demote or delete the last admin (409), whoever asks', async () => {
    // Only reachable when the caller stopped being an admin after the route let them in: asked of the service directly.
    await expect(changeRole(shop.db, shop.seller.id, { userId: shop.admin.id, role: 'seller' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'The shop must keep at least one admin',
    });
    await expect(deleteUser(shop.db, { release: async () => {} }, shop.seller.id, shop.admin.id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'The shop must keep at least one admin',
    });
    expect(await admins()).toHaveLength(1);
    // Promoting is never refused.
    await expect(changeRole(shop.db, shop.admin.id, { userId: shop.bob.id, role: 'admin' })).resolves.toMatchObject({ role: 'admin' });
  });

  it('two admins demoting each other at once leave one of them admin', async () => {
    const deputy = await shop.app.inject({
      method: 'PATCH',
      url: '/api/user/change-role',
      headers: shop.admin.headers,
      payload: { userId: shop.bob.id, role: 'admin' },
    });
    expect(deputy.statusCode).toBe(200);
    const bobAsAdmin = { headers: shop.bob.headers };
    const answers = await Promise.all([demote(shop.admin, shop.bob.id), demote(bobAsAdmin, shop.admin.id)]);
    const [done, refused] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(done!.statusCode).toBe(200);
    // Refused by the rule, or, when the first change landed before the second request began, by the caller's new role.
    expect([403, 409]).toContain(refused!.statusCode);
    if (refused!.statusCode === 409) expect(body(refused!).message).toBe('The shop must keep at least one admin');
    expect(await admins()).toHaveLength(1);
  });

  it('two admins deleting each other at once leave one of them', async () => {
    await shop.db.update(users).set({ role: 'admin' }).where(eq(users.id, shop.bob.id));
    const remove = (actor: { headers: Record<string, string> }, id: string) =>
      shop.app.inject({ method: 'DELETE', url: `/api/user/delete-user/${id}`, headers: actor.headers });
    const answers = await Promise.all([remove(shop.admin, shop.bob.id), remove(shop.bob, shop.admin.id)]);
    const statuses = answers.map((res) => res.statusCode).sort();
    // The second request may also find its caller already deleted (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(await admins()).toHaveLength(1);
  });

  it('refuses changing one’s own role and deleting oneself with a message, before anything else', async () => {
    const own = await demote(shop.admin, shop.admin.id);
    expect(own.statusCode).toBe(409);
    expect(body(own).message).toBe('You cannot change your own role');
    const self = await shop.app.inject({ method: 'DELETE', url: `/api/user/delete-user/${shop.admin.id}`, headers: shop.admin.headers });
    expect(self.statusCode).toBe(409);
    expect(body(self).message).toBe('You cannot delete your own account');
  });
});
