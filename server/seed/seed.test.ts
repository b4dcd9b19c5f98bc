import { describe, expect, it } from 'vitest';
import { createUser, signIn, useShop } from '../test/harness';
import { count, eq, lt } from 'drizzle-orm';
import { products, users } from '../db/schema';
import { openMediaStorage } from '../modules/media/storage';
import { SEARCH_KEYS_VERSION } from '../modules/search/product-keys';
import { DEMO_CUSTOMER, seedIfEmpty } from './index';

const t = useShop();

describe('seedIfEmpty', () => {
  it('creates a verified demo customer who can sign in by email or phone, and the catalogue, once', async () => {
    const done = await seedIfEmpty(t.db, { storage: openMediaStorage(t.config.mediaStorage) });
    expect(done[0]).toBe('demo customer customer@haat.local / customer123');
    expect(done).toHaveLength(4);
    expect(done[2]).toMatch(/SAVE20/);
    expect(done[3]).toMatch(/shop words/);
    const [{ stale }] = (await t.db.select({ stale: count() }).from(products).where(lt(products.searchKeysVersion, SEARCH_KEYS_VERSION))) as [
      { stale: number },
    ];
    expect(stale).toBe(0);
    const [{ n }] = (await t.db.select({ n: count() }).from(products)) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(150);

    const byEmail = await signIn(t.app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(byEmail.user).toMatchObject({ name: 'Demo Customer', role: 'user', phone: '01711000000', isEmailVerified: true });
    await signIn(t.app, DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password);

    expect(await seedIfEmpty(t.db, { storage: openMediaStorage(t.config.mediaStorage) })).toEqual([]);
    const customers = await t.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(customers).toHaveLength(1);
  });

  it('leaves a database in use alone, even one without products', async () => {
    await createUser(t.db, { email: 'owner@shop.example' });
    expect(await seedIfEmpty(t.db, { storage: openMediaStorage(t.config.mediaStorage) })).toEqual([]);
    const rows = await t.db.select().from(users);
    expect(rows.map((u) => u.email)).toEqual(['owner@shop.example']);
    expect(await t.db.select().from(products)).toHaveLength(0);
  });
});
