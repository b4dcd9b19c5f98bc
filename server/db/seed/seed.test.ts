import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/harness';
import { users } from '../schema';
import { DEMO_CUSTOMER, seedIfEmpty } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('seedIfEmpty', () => {
  it('creates a verified demo customer who can sign in by email or phone, once', async () => {
    const done = await seedIfEmpty(t.db);
    expect(done).toEqual(['demo customer customer@haat.local / customer123']);

    const byEmail = await signIn(t.app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(byEmail.user).toMatchObject({ name: 'Demo Customer', role: 'user', phone: '01711000000', isEmailVerified: true });
    await signIn(t.app, DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password);

    expect(await seedIfEmpty(t.db)).toEqual([]);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('leaves a database that already has users alone', async () => {
    await createUser(t.db, { email: 'owner@shop.example' });
    expect(await seedIfEmpty(t.db)).toEqual([]);
    const rows = await t.db.select().from(users);
    expect(rows.map((u) => u.email)).toEqual(['owner@shop.example']);
  });
});
