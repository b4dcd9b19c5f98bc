import { describe, expect, it, vi } from 'vitest';
import type * as UsersPublic from '../modules/users/public';
import type { UserRow } from '../modules/users/public';
import { body, signIn, TEST_PASSWORD, useShop } from '../test/harness';

// A mapping that forgets to leave out the row's secrets and internal columns: the answer schemas must.
vi.mock('../modules/users/public', async (importOriginal) => {
  const real = await importOriginal<typeof UsersPublic>();
  return { ...real, toPublicUser: (row: UserRow) => ({ ...row, ...real.toPublicUser(row) }) };
});

const shop = useShop({ people: true });

describe('answers serialised by their schemas', () => {
  it('never send a password hash or an internal column, even when a service hands them over', async () => {
    const session = await signIn(shop.app, shop.alice.email!, TEST_PASSWORD);
    expect(session.user).toEqual(expect.objectContaining({ _id: shop.alice.id, name: 'Alice Rahman' }));
    expect(session.user).not.toHaveProperty('passwordHash');

    const users = await shop.app.inject({ url: '/api/user/get-all-users', headers: shop.admin.headers });
    expect(users.statusCode).toBe(200);
    const profile = await shop.app.inject({ url: `/api/user/get-single-user/${shop.alice.id}`, headers: shop.alice.headers });
    expect(profile.statusCode).toBe(200);
    for (const res of [users, profile]) {
      expect(res.body).not.toMatch(/passwordHash|argon2|verifiedAt|createdAt|updatedAt/);
    }
    expect(Object.keys(body<Record<string, unknown>[]>(users).data[0]!).sort()).toEqual([
      '_id',
      'address',
      'email',
      'googleId',
      'isEmailVerified',
      'name',
      'phone',
      'profileImg',
      'role',
    ]);
  });
});
