import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { addressInLanguage, type Locale } from '../../../contract/locale';
import { orderNumber } from '../../../contract/order-number';
import { CASH_CODE_LENGTH } from '../../../contract/orders';
import type { Courier } from '../../adapters/courier';
import type { Tallies } from '../../cluster/tallies';
import type { CashConfirmationSettings } from '../../config';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { WRONG_CODES_PER_ACCOUNT_PER_HOUR } from '../auth/confirmations';
import { hashOtp, sameHash } from '../auth/secrets';
import { orderPagePath } from '../notifications/service';
import { byAdmin, byCustomer, recordOrderEvent, type EventBy } from './events';

/** What confirming cash orders needs beyond the database: its settings, the secret codes are keyed with, the SMS courier and the shared tallies. */
export type CashConfirmationDeps = {
  settings: CashConfirmationSettings;
  secret: string;
  courier: Courier;
  tallies: Tallies;
  publicUrl: string;
};

/** Wrong codes one code allows; a new code (at most CODES_PER_ORDER in all) starts again. */
export const CASH_CODE_MAX_TRIES = 5;
/** Codes sent for one order at most, the one sent when it was placed included. */
export const CODES_PER_ORDER = 4;
/** The wait between two codes for one order. */
export const RESEND_AFTER_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;

const newCashCode = () =>
  randomInt(0, 10 ** CASH_CODE_LENGTH)
    .toString()
    .padStart(CASH_CODE_LENGTH, '0');
/** Keyed with the server secret and salted with the order id, like every code the shop keeps: a leaked table tells nothing. */
const hashCashCode = (secret: string, orderId: string, code: string) => hashOtp(secret, `cash:${orderId}`, code);

/** The SMS carrying the code: in English ASCII and, with a shop address of up to 40 characters, one 160-character segment. */
export function cashCodeSms(code: string, orderId: string, link: string, locale: Locale): string {
  const number = orderNumber(orderId);
  return locale === 'bn'
    ? `হাট: ক্যাশ অর্ডার #${number} নিশ্চিত করতে কোড ${code}। কোডটি অর্ডারের পাতায় লিখুন: ${link}`
    : `haat: code ${code} confirms cash order #${number}: ${link}`;
}

/**
 * Whether a new cash order to `phone` waits for confirmation: when confirmation is on and the number has no delivered
 * order. A number at its cap of unconfirmed orders is refused (409). The number's lock, held to the end of the
 * transaction, makes concurrent orders to one number count one after another, so the cap holds under any load.
 */
export async function cashOrderNeedsConfirmation(tx: Tx, settings: CashConfirmationSettings, phone: string): Promise<boolean> {
  if (!settings.enabled) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cash-phone:${phone}`}))`);
  const [delivered] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.phone, phone), eq(orders.status, 'delivered')))
    .limit(1);
  if (delivered) return false;
  const [waiting] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.phone, phone), eq(orders.status, 'pending'), eq(orders.cashConfirmation, 'awaiting')));
  if ((waiting?.n ?? 0) >= settings.perPhone) throw conflict(apiMessage('unconfirmedCashOrders', settings.perPhone));
  return true;
}

/** Stores a new code for an order placed in `tx` as awaiting confirmation; answers the code, to send once committed. */
export async function openCashCode(tx: Tx, secret: string, orderId: string, now: Date): Promise<string> {
  const code = newCashCode();
  await tx
    .update(orders)
    .set({ confirmCodeHash: hashCashCode(secret, orderId, code), confirmCodeTries: 0, confirmCodesSent: 1, confirmCodeSentAt: now })
    .where(eq(orders.id, orderId));
  return code;
}

/** Texts the code to the order's phone, in the order's language, with the link to its page. */
export function sendCashCode(deps: CashConfirmationDeps, order: { id: string; phone: string; locale: Locale }, code: string): void {
  const link = addressInLanguage(`${deps.publicUrl}${orderPagePath(order.id)}`, order.locale);
  deps.courier.send(order.phone, { subject: '', text: cashCodeSms(code, order.id, link, order.locale) });
}

type OrderRow = typeof orders.$inferSelect;

/** The caller's own order that awaits confirmation; another's is refused as the other order routes refuse it. */
async function awaitingOrderOf(db: Db, actor: AuthUser, orderId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound('Order not found');
  if (order.customerId !== actor.id) throw forbidden('You can only change your own orders');
  if (order.cashConfirmation !== 'awaiting' || order.status !== 'pending') throw conflict(apiMessage('cashOrderNotAwaiting'));
  return order;
}

/** The order, while it is pending and awaits its confirmation: every change of one is conditional on it. */
export const stillAwaiting = (orderId: string): SQL | undefined =>
  and(eq(orders.id, orderId), eq(orders.status, 'pending'), eq(orders.cashConfirmation, 'awaiting'));

/**
 * The customer confirms their cash order with the code sent to its phone. Every try is counted before the comparison,
 * in one statement outside any transaction, so a wrong guess is never rolled back and parallel guesses cannot pass
 * CASH_CODE_MAX_TRIES; each is also counted against the account's hourly budget of wrong codes (shared with its
 * sign-in codes), so many orders cannot multiply the guesses. A right code is given back to the budget.
 */
export async function confirmCashOrder(db: Db, deps: CashConfirmationDeps, actor: AuthUser, orderId: string, code: string): Promise<void> {
  await awaitingOrderOf(db, actor, orderId);
  const [row] = await db
    .update(orders)
    .set({ confirmCodeTries: sql`${orders.confirmCodeTries} + 1` })
    .where(and(stillAwaiting(orderId), lt(orders.confirmCodeTries, CASH_CODE_MAX_TRIES)))
    .returning({ codeHash: orders.confirmCodeHash });
  if (!row?.codeHash) throw new HttpError(429, apiMessage('cashCodeTriesUsed'));
  const budget = `wrong-codes:user:${actor.id}`;
  const spent = await deps.tallies.add(budget, 1, HOUR_MS);
  if (spent > WRONG_CODES_PER_ACCOUNT_PER_HOUR) throw new HttpError(429, apiMessage('codesLocked'), undefined, 60 * 60);
  if (!sameHash(row.codeHash, hashCashCode(deps.secret, orderId, code))) {
    if (spent === WRONG_CODES_PER_ACCOUNT_PER_HOUR) await deps.tallies.hold(budget, HOUR_MS);
    throw new HttpError(400, apiMessage('cashCodeWrong'));
  }
  await deps.tallies.add(budget, -1, HOUR_MS);
  await markConfirmed(db, orderId, byCustomer(actor), 'Confirmed with the SMS code');
}

/** The shop confirmed the order by calling the customer: recorded with the admin's name and the time. */
export async function confirmCashOrderByPhone(db: Db, admin: AuthUser, orderId: string): Promise<void> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound('Order not found');
  await markConfirmed(db, orderId, byAdmin(admin), 'Confirmed by phone');
}

async function markConfirmed(db: Db, orderId: string, by: EventBy, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(orders)
      .set({ cashConfirmation: 'confirmed', confirmCodeHash: null, updatedAt: now })
      .where(stillAwaiting(orderId))
      .returning({ id: orders.id });
    if (!row) throw conflict(apiMessage('cashOrderNotAwaiting'));
    await recordOrderEvent(tx, orderId, { kind: 'confirmation', from: 'awaiting', to: 'confirmed', by, note, at: now });
  });
}

/**
 * A new code for the customer's order, replacing the last: one a minute and CODES_PER_ORDER in all, so the order's
 * phone is not flooded and the guesses at one order stay bounded. The change is conditional on the count and time read,
 * so two requests at once send one code.
 */
export async function resendCashCode(db: Db, deps: CashConfirmationDeps, actor: AuthUser, orderId: string): Promise<void> {
  const order = await awaitingOrderOf(db, actor, orderId);
  if (order.confirmCodesSent >= CODES_PER_ORDER) throw new HttpError(429, apiMessage('cashCodesUsedUp'));
  const now = new Date();
  const code = newCashCode();
  const [row] = await db
    .update(orders)
    .set({
      confirmCodeHash: hashCashCode(deps.secret, orderId, code),
      confirmCodeTries: 0,
      confirmCodesSent: sql`${orders.confirmCodesSent} + 1`,
      confirmCodeSentAt: now,
    })
    .where(
      and(
        stillAwaiting(orderId),
        lt(orders.confirmCodesSent, CODES_PER_ORDER),
        or(isNull(orders.confirmCodeSentAt), lt(orders.confirmCodeSentAt, new Date(now.getTime() - RESEND_AFTER_MS))),
      ),
    )
    .returning({ id: orders.id });
  if (!row) throw new HttpError(429, apiMessage('cashCodeResendWait'), undefined, RESEND_AFTER_MS / 1000);
  sendCashCode(deps, order, code);
}
