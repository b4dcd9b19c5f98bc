import { asc, eq, sql } from 'drizzle-orm';
import type { OrderEvent } from '../../../contract/back-office-orders';
import type { OrderEventActor, OrderEventKind } from '../../../contract/orders';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { orderEvents, users } from '../../db/schema';
import type { AuthUser } from '../../http/auth';

/** Who made a change: a person (with their account) or the gateway or the shop itself. */
export type EventBy = { actor: OrderEventActor; actorId: string | null };

export const BY_GATEWAY: EventBy = { actor: 'gateway', actorId: null };
export const BY_SHOP: EventBy = { actor: 'system', actorId: null };
export const BY_COURIER: EventBy = { actor: 'courier', actorId: null };
export const byCustomer = (user: Pick<AuthUser, 'id'>): EventBy => ({ actor: 'customer', actorId: user.id });
export const byAdmin = (user: Pick<AuthUser, 'id'>): EventBy => ({ actor: 'admin', actorId: user.id });

export type OrderChange = { kind: OrderEventKind; from: string | null; to: string; by: EventBy; note?: string; at?: Date };

/** Writes one line of an order's history; call it in the transaction that makes the change. */
export async function recordOrderEvent(tx: Db | Tx, orderId: string, change: OrderChange): Promise<void> {
  await tx.insert(orderEvents).values({
    id: newId(),
    orderId,
    kind: change.kind,
    fromValue: change.from,
    toValue: change.to,
    actor: change.by.actor,
    actorId: change.by.actorId,
    note: change.note ?? null,
    ...(change.at ? { createdAt: change.at } : {}),
  });
}

/** An order's history, oldest first, with the name of each person who acted. */
export async function orderHistory(db: Db, orderId: string): Promise<OrderEvent[]> {
  const rows = await db
    .select({ event: orderEvents, actorName: users.name })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    // Changes made in one transaction share its time: a status change is read before the payment change it caused
    // (delivered, then cash collected).
    .orderBy(asc(orderEvents.createdAt), asc(sql`${orderEvents.kind} = 'payment'`), asc(orderEvents.id));
  return rows.map(({ event, actorName }) => ({
    _id: event.id,
    kind: event.kind,
    from: event.fromValue,
    to: event.toValue,
    actor: event.actor,
    actorName: actorName ?? null,
    note: event.note,
    at: event.createdAt.toISOString(),
  }));
}
