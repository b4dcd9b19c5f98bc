import { and, desc, eq, gt, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownDevices } from '../../db/schema';
import { randomToken, sha256 } from './secrets';

/** The cookie a device that signed in keeps: a random token, the same for every account signed in on it. */
export const KNOWN_DEVICE_COOKIE = 'knownDevice';
/** How long a device stays known after its last sign-in to an account. */
export const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
/** Devices remembered per account: the most recently signed in. */
const DEVICES_PER_ACCOUNT = 20;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const presentedToken = (presented: string | undefined) => (presented && TOKEN_PATTERN.test(presented) ? presented : undefined);

/**
 * Remembers that this device signed in to the account, and answers the token its cookie keeps: the one it presented,
 * or a new one. An account keeps its last DEVICES_PER_ACCOUNT devices of the last year.
 */
export async function rememberDevice(db: Db, userId: string, presented: string | undefined): Promise<string> {
  const token = presentedToken(presented) ?? randomToken();
  const now = new Date();
  await db
    .insert(knownDevices)
    .values({ userId, tokenHash: sha256(token), lastSignInAt: now })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.tokenHash], set: { lastSignInAt: now } });
  const recent = db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastSignInAt))
    .limit(DEVICES_PER_ACCOUNT);
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.tokenHash, recent)));
  await db.delete(knownDevices).where(lt(knownDevices.lastSignInAt, new Date(now.getTime() - KNOWN_DEVICE_TTL_SECONDS * 1000)));
  return token;
}

/** Whether the device presenting this cookie has signed in to the account in the last year. */
export async function isKnownDevice(db: Db, userId: string, presented: string | undefined): Promise<boolean> {
  const token = presentedToken(presented);
  if (!token) return false;
  const since = new Date(Date.now() - KNOWN_DEVICE_TTL_SECONDS * 1000);
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, sha256(token)), gt(knownDevices.lastSignInAt, since)))
    .limit(1);
  return row !== undefined;
}
