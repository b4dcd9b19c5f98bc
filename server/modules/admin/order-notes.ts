import { count, desc, eq } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { ORDER_NOTES_MAX, type OrderNote } from '../../../contract/back-office-orders';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { orderNotes, orders, users } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';

const ORDER_NOT_FOUND = 'Order not found';

/** An order's internal notes, newest first, with each author's name. */
export async function listOrderNotes(db: Db, orderId: string): Promise<OrderNote[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const rows = await db
    .select({ note: orderNotes, authorName: users.name })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.authorId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
  return rows.map(({ note, authorName }) => ({ _id: note.id, body: note.body, authorName: authorName ?? null, createdAt: note.createdAt.toISOString() }));
}

/**
 * Adds an admin's note to an order; an order holds ORDER_NOTES_MAX at most (409 past it). The order's row is locked
 * while the notes are counted, so two admins writing at once cannot pass the bound.
 */
export async function addOrderNote(db: Db, admin: AuthUser, orderId: string, body: string): Promise<OrderNote[]> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const [held] = await tx.select({ n: count() }).from(orderNotes).where(eq(orderNotes.orderId, orderId));
    if ((held?.n ?? 0) >= ORDER_NOTES_MAX) throw conflict(apiMessage('orderNotesFull'));
    await tx.insert(orderNotes).values({ id: newId(), orderId, authorId: admin.id, body });
  });
  return listOrderNotes(db, orderId);
}
