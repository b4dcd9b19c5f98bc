import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { ConfigError, type Config, type ConfigFromEnv, type VapidKeys } from '../config';
import type { Db } from './client';
import { serverSecrets } from './schema';

type SecretName = (typeof serverSecrets.$inferSelect)['name'];

/**
 * The secret `name` every process on this database uses: the one kept there, else `make()`'s, written by the first
 * process to get there (a process racing it reads the winner's back, so both end with the same).
 */
async function sharedSecret(db: Db, name: SecretName, make: () => string): Promise<string> {
  const kept = async () => (await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name)))[0]?.value;
  const found = await kept();
  if (found !== undefined) return found;
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
  return (await kept())!;
}

/** What a process that kept its secrets in DATA_DIR (one process, before the database kept them) wrote there. */
function keptInDataDir(dataDir: string, file: string): string | undefined {
  try {
    return readFileSync(resolve(dataDir, file), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function vapidKeysOf(value: string): VapidKeys {
  try {
    const keys = JSON.parse(value) as Partial<VapidKeys>;
    if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string') return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  } catch {
    // Reported below as damaged.
  }
  throw new ConfigError(
    "The VAPID key pair in the database's server_secrets is damaged: restore it from a backup, or delete its row to make a new pair (every device then has to subscribe again).",
  );
}

/**
 * The configuration with its secrets: JWT_SECRET and VAPID_* when set, else the ones this database keeps, made by the
 * first process to start (from what its DATA_DIR held, so a shop that kept them there keeps its sessions and devices;
 * else new). Every process on one database thus signs and verifies alike, with nothing to configure by hand.
 */
export async function withServerSecrets(db: Db, config: ConfigFromEnv): Promise<Config> {
  const { vapidKeys, vapidSubject, ...push } = config.push;
  const jwtSecret =
    config.jwtSecret ?? (await sharedSecret(db, 'jwt', () => keptInDataDir(config.dataDir, 'jwt-secret') ?? randomBytes(48).toString('base64url')));
  const keys =
    vapidKeys ??
    vapidKeysOf(await sharedSecret(db, 'vapid', () => keptInDataDir(config.dataDir, 'vapid-keys.json') ?? JSON.stringify(webPush.generateVAPIDKeys())));
  return { ...config, jwtSecret, push: { ...push, vapid: { ...keys, subject: vapidSubject } } };
}
