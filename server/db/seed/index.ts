import { count } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/secrets';
import type { Db } from '../client';
import { newId } from '../ids';
import { users } from '../schema';

export const DEMO_CUSTOMER = {
  email: 'customer@haat.local',
  password: 'customer123',
  name: 'Demo Customer',
  phone: '01711000000',
} as const;

/** One part of the demo data: it decides for itself whether its tables are empty, and says what it created. */
type SeedStep = {
  name: string;
  isNeeded(db: Db): Promise<boolean>;
  run(db: Db): Promise<string>;
};

const demoCustomer: SeedStep = {
  name: 'demo customer',
  async isNeeded(db) {
    const [row] = await db.select({ n: count() }).from(users);
    return (row?.n ?? 0) === 0;
  },
  async run(db) {
    await db.insert(users).values({
      id: newId(),
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      isEmailVerified: true,
      verifiedAt: new Date(),
    });
    return `demo customer ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`;
  },
};

const steps: SeedStep[] = [demoCustomer];

/** Fills an empty database with demo data; returns one line per step that ran (none when nothing was empty). */
export async function seedIfEmpty(db: Db): Promise<string[]> {
  const done: string[] = [];
  for (const step of steps) {
    if (await step.isNeeded(db)) done.push(await step.run(db));
  }
  return done;
}
