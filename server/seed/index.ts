import { count } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/secrets';
import type { Db } from '../db/client';
import type { MediaStorage } from '../modules/media/storage';
import { newId } from '../db/ids';
import { users } from '../db/schema';
import { seedCatalogue } from './catalogue';
import { checkoutSeed } from './orders';
import { seedShopWords } from '../modules/search/shop-words';
import { indexStaleProducts } from '../modules/search/product-keys';

export const DEMO_CUSTOMER = {
  email: 'customer@haat.local',
  password: 'customer123',
  name: 'Demo Customer',
  phone: '01711000000',
} as const;

/** `storage`: where the demo pictures go, the driver uploads use. */
export type SeedOptions = { storage: MediaStorage };

/** One part of the demo data; says what it created. */
type SeedStep = { name: string; run(db: Db, options: SeedOptions): Promise<string> };

const demoCustomer: SeedStep = {
  name: 'demo customer',
  async run(db) {
    await db.insert(users).values({
      id: newId(),
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
    });
    return `demo customer ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`;
  },
};

const catalogue: SeedStep = {
  name: 'demo catalogue',
  run: (db, options) => seedCatalogue(db, { storage: options.storage }),
};

const shopWords: SeedStep = {
  name: 'shop words',
  async run(db) {
    await seedShopWords(db);
    await indexStaleProducts(db);
    return "shop words and the catalogue's search keys";
  },
};

const steps: SeedStep[] = [demoCustomer, catalogue, checkoutSeed, shopWords];

/**
 * Fills a brand-new database (no users yet) with demo data; returns one line per step. A database in use is never
 * touched, so a shop that removed the demo products does not get them back on its next start.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<string[]> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return [];
  const done: string[] = [];
  for (const step of steps) done.push(await step.run(db, options));
  return done;
}
