import { ordersAwaitingRefund, refundCancelledPayment, refundSurplusPayment, surplusPaymentsAwaitingRefund, type PaymentDeps } from '../payments/service';
import { CASH_CONFIRMATION_HOURS } from '../../../contract/orders';
import { releaseUnconfirmedCashOrders, releaseUnpaidOrders } from './service';

/** Refunds retried in one run at most; the next run takes the rest. */
const REFUNDS_PER_RUN = 20;

/**
 * One round of the orders' housekeeping: unpaid online orders and unconfirmed cash orders past their time are cancelled
 * and their stock returned,
 * payments of cancelled orders and second payments of one order that a failed gateway call left unrefunded are paid
 * back, the customer's messages
 * still due are sent (those a provider refused, or a stopped process left) and old sent ones deleted. Every change is
 * conditional on the row still being as it was read, so two processes running it at once change each order once and
 * send each message once. The server schedules it with `scheduleJob`, so one process of all runs each round.
 */
export async function runOrderHousekeeping(
  deps: PaymentDeps,
  {
    now = new Date(),
    onError = () => {},
    cashConfirmationMs = CASH_CONFIRMATION_HOURS * 60 * 60 * 1000,
  }: { now?: Date; onError?: (error: unknown) => void; /** How long a cash order waits for its confirmation. */ cashConfirmationMs?: number } = {},
): Promise<{ released: number; refunded: number }> {
  const released = (await releaseUnpaidOrders(deps, now)) + (await releaseUnconfirmedCashOrders(deps, cashConfirmationMs, now));
  let refunded = 0;
  for (const orderId of await ordersAwaitingRefund(deps.db, REFUNDS_PER_RUN)) {
    // A refund the gateway refuses now stays waiting, and is asked for again next round.
    const done = await refundCancelledPayment(deps, orderId).catch((error: unknown) => {
      onError(error);
      return false;
    });
    if (done) refunded += 1;
  }
  for (const paymentId of await surplusPaymentsAwaitingRefund(deps.db, REFUNDS_PER_RUN)) {
    const done = await refundSurplusPayment(deps, paymentId).catch((error: unknown) => {
      onError(error);
      return false;
    });
    if (done) refunded += 1;
  }
  await deps.messages.sendDue(now);
  await deps.messages.prune(now);
  return { released, refunded };
}
