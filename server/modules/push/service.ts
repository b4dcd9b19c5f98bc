import { createPublicKey } from 'node:crypto';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { PUSH_DEVICE_TAKEN, PUSH_ENDPOINT_INVALID, PUSH_SERVICE_UNKNOWN, type PushSubscriptionInput } from '../../../contract/push';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { pushSubscriptions } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';

/** Devices one account keeps subscribed; a new one beyond them replaces the one quiet the longest. */
export const MAX_DEVICES_PER_USER = 10;

/** Which endpoints a subscription may name: the push services' hosts, and for tests http://127.0.0.1. */
export type EndpointRule = { serviceHosts: readonly string[]; allowLoopback: boolean };

/** Whether `host` is one of `hosts`: the same name, or below a `*.domain` entry. */
function isServiceHost(host: string, hosts: readonly string[]): boolean {
  return hosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}

/**
 * The server posts to the endpoint, so it must be a browser's push service: https on the standard port, on one of
 * the push services' hosts (PUSH_SERVICE_HOSTS adds others), never a name a stranger chose that could point the
 * server at its own network. The sender checks again where the name resolves to. Tests may use their own push
 * service on http://127.0.0.1 (PUSH_ALLOW_LOOPBACK).
 */
export function checkEndpoint(endpoint: string, rule: EndpointRule): void {
  const url = new URL(endpoint);
  if (rule.allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) throw badRequest(PUSH_ENDPOINT_INVALID);
  if (!isServiceHost(url.hostname, rule.serviceHosts)) throw badRequest(PUSH_SERVICE_UNKNOWN);
}

/** The payload is encrypted to this key: it must be a point on P-256, or every push to it would fail. */
function checkPublicKey(p256dh: string): void {
  const point = Buffer.from(p256dh, 'base64url');
  try {
    if (point[0] !== 0x04) throw new Error('not an uncompressed point');
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    throw badRequest('The subscription key p256dh must be a P-256 public key in base64url');
  }
}

/**
 * Stores the device's subscription for `userId`. An endpoint belongs to the account that subscribed it first: that
 * account may send it again (with new keys), another is refused until the first signs out on the device or turns its
 * notifications off there (either removes the row). Otherwise anyone who learnt a device's endpoint could move that
 * device's notifications to their own account, and one account's order news would show on another's phone.
 */
export async function saveSubscription(db: Db, userId: string, input: PushSubscriptionInput, rule: EndpointRule): Promise<void> {
  checkEndpoint(input.endpoint, rule);
  checkPublicKey(input.keys.p256dh);
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ id: newId(), userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: sql`now()`, lastSuccessAt: null },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (!saved) throw conflict(PUSH_DEVICE_TAKEN);
    await dropOldestBeyondLimit(tx, userId, saved.id);
  });
}

async function dropOldestBeyondLimit(tx: Tx, userId: string, keep: string): Promise<void> {
  const kept = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(
      sql`${pushSubscriptions.id} = ${keep} desc`,
      sql`coalesce(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt}) desc`,
      asc(pushSubscriptions.id),
    )
    .limit(MAX_DEVICES_PER_USER);
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
}

/** Removes the device's subscription if it is `userId`'s; answers whether there was one. Another account's stays. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
