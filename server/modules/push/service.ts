import { createPublicKey } from 'node:crypto';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { PUSH_ENDPOINT_INVALID, type PushSubscriptionInput } from '../../../contract/push';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { pushSubscriptions } from '../../db/schema';
import { badRequest } from '../../http/errors';

/** Devices one account keeps subscribed; a new one beyond them replaces the one quiet the longest. */
export const MAX_DEVICES_PER_USER = 10;

/**
 * The server posts to the endpoint, so it must be a push service's address: https on the standard port, on a host
 * name, never an IP address or localhost (which would point the server at its own network). Tests may use their own
 * push service on http://127.0.0.1 (PUSH_ALLOW_LOOPBACK).
 */
export function checkEndpoint(endpoint: string, allowLoopback: boolean): void {
  const url = new URL(endpoint);
  if (allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return;
  const host = url.hostname;
  const isAddress = /^[\d.]+$/.test(host) || host.startsWith('[');
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password || isAddress || !host.includes('.') || host.endsWith('.localhost')) {
    throw badRequest(PUSH_ENDPOINT_INVALID);
  }
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
 * Stores the device's subscription for `userId`. An endpoint already stored moves to this user with its new keys:
 * the browser that holds it is signed in to this account now.
 */
export async function saveSubscription(db: Db, userId: string, input: PushSubscriptionInput, allowLoopback: boolean): Promise<void> {
  checkEndpoint(input.endpoint, allowLoopback);
  checkPublicKey(input.keys.p256dh);
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ id: newId(), userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: sql`now()`, lastSuccessAt: null },
      })
      .returning({ id: pushSubscriptions.id });
    await dropOldestBeyondLimit(tx, userId, saved!.id);
  });
}

async function dropOldestBeyondLimit(tx: Tx, userId: string, keep: string): Promise<void> {
  const kept = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(sql`${pushSubscriptions.id} = ${keep} desc`, sql`coalesce(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt}) desc`, asc(pushSubscriptions.id))
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

