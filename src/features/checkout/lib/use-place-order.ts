import { onlineManager, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { textsNow } from '@/i18n/messages';
import { notify } from '@/lib/notify';
import { checkoutText } from '@/messages/checkout';
import type { CheckoutSource } from '@/lib/navigation-state';
import { useSession } from '@/lib/session';
import type { TotalChangedDetails } from '@contract/orders';
import type { PlaceOrderVariables } from '../api';
import { outcomeUnknown } from './errors';
import type { CheckoutFormValues } from './form';
import { followOrder, type OrderFollower } from './order-followers';
import { buildOrderPayload, newIdempotencyKey, type CheckoutLine } from './payload';
import { placeOrderMutation } from './place-order';
import { quoteOfRefusal } from './pricing';
import type { AppliedCoupon } from './totals';

type PendingOrder = { idempotencyKey: string; paused: boolean };

export type PlaceOrder = {
  /**
   * Sends the order (or queues it while offline) with the delivery fee, the coupon and the total the shopper was shown;
   * with the fee unknown (offline, never loaded) no total was shown, so none is sent and the server's total is the order's.
   */
  place: (form: CheckoutFormValues, deliveryFee: number | null, coupon: AppliedCoupon | null, total: number | null) => void;
  /** An order is on its way, or the page is leaving for the payment gateway. */
  busy: boolean;
  /** An order waits for the connection. */
  waiting: boolean;
};

/**
 * Placing the checkout's order: one at a time, one Idempotency-Key per attempt (a retry after a lost answer finds the
 * first order instead of making a second), queued while offline. The page follows its own orders and those queued
 * before a reload, so their outcome takes the shopper on from here: to My Orders, or to the payment page.
 */
export function usePlaceOrder(
  items: readonly CheckoutLine[],
  from: CheckoutSource | undefined,
  /** The order priced now, carried by a refusal of the total the shopper was shown. */
  onTotalChanged: (quote: TotalChangedDetails['quote']) => void,
): PlaceOrder {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const placeOrder = useMutation(placeOrderMutation);
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const changedTotal = useRef(onTotalChanged);
  useEffect(() => {
    changedTotal.current = onTotalChanged;
  });
  const pendingOrders = usePendingOrders();
  const waiting = pendingOrders.some((order) => order.paused);
  const follow = useFollowOrders(
    useMemo<OrderFollower>(
      () => ({
        goToOrders: (orderId) => void navigate({ to: '/user/my-orders', state: { placedOrder: orderId } }),
        goToPayment: (url) => {
          setRedirecting(true);
          window.location.assign(url);
        },
        // A refused order created nothing, so the next attempt is a new one.
        refused: (error) => {
          if (!outcomeUnknown(error)) setAttemptKey(null);
          const quote = quoteOfRefusal(error);
          if (quote) changedTotal.current(quote);
        },
      }),
      [navigate],
    ),
    pendingOrders,
  );
  // Back from the payment page, the browser may restore this page as it was left: busy. Let it be used again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const place = (form: CheckoutFormValues, deliveryFee: number | null, coupon: AppliedCoupon | null, total: number | null) => {
    if (!user) {
      notify.error(textsNow(checkoutText).loginToOrder);
      return;
    }
    // One order at a time: one already on its way (queued, or sent a moment ago by a double click) is the order.
    if (queryClient.isMutating({ mutationKey: placeOrderMutation.mutationKey }) > 0) return;
    const idempotencyKey = attemptKey ?? newIdempotencyKey();
    setAttemptKey(idempotencyKey);
    const queuedOffline = !onlineManager.isOnline();
    if (queuedOffline) notify.message(textsNow(checkoutText).queuedOffline);
    follow(idempotencyKey);
    placeOrder.mutate({
      payload: buildOrderPayload({
        user,
        items,
        form: { ...form, coupon: coupon?.code ?? '' },
        deliveryFee: deliveryFee ?? 0,
        totalPrice: deliveryFee === null || total === null ? undefined : total,
      }),
      idempotencyKey,
      queuedOffline,
      from,
    });
  };

  return { place, busy: (pendingOrders.length > 0 && !waiting) || redirecting, waiting };
}

/** Orders on their way, placed here or queued before a reload; `paused` while one waits for the connection. */
function usePendingOrders(): PendingOrder[] {
  return useMutationState({
    filters: { mutationKey: placeOrderMutation.mutationKey, status: 'pending' },
    select: (mutation) => ({ idempotencyKey: (mutation.state.variables as PlaceOrderVariables).idempotencyKey, paused: mutation.state.isPaused }),
  });
}

/** Follows the pending orders; returns how to follow an order the moment it is sent (before its state reaches the page). */
function useFollowOrders(follower: OrderFollower, pendingOrders: readonly PendingOrder[]): (idempotencyKey: string) => void {
  const unfollows = useRef(new Map<string, () => void>());
  const follow = useMemo(
    () => (idempotencyKey: string) => {
      unfollows.current.get(idempotencyKey)?.();
      unfollows.current.set(idempotencyKey, followOrder(idempotencyKey, follower));
    },
    [follower],
  );
  useEffect(() => {
    pendingOrders.forEach((order) => follow(order.idempotencyKey));
  }, [follow, pendingOrders]);
  useEffect(() => {
    const current = unfollows.current;
    return () => {
      current.forEach((unfollow) => unfollow());
      current.clear();
    };
  }, []);
  return follow;
}
