/**
 * An open checkout page waiting for an order: once the order is placed it takes the shopper on (to My Orders, or to
 * the payment page), and after a refusal it lets the next attempt be a new one.
 */
export type OrderFollower = {
  /** To My Orders, which then offers notifications about the order placed (`orderId`). */
  goToOrders: (orderId: string) => void;
  goToPayment: (url: string) => void;
  refused: (error: unknown) => void;
};

const followers = new Map<string, OrderFollower>();

/** Follows the order sent with this Idempotency-Key until its outcome, or until the returned function is called. */
export function followOrder(idempotencyKey: string, follower: OrderFollower): () => void {
  followers.set(idempotencyKey, follower);
  return () => {
    if (followers.get(idempotencyKey) === follower) followers.delete(idempotencyKey);
  };
}

/**
 * The open checkout page waiting for this order, if any, which stops following it: the outcome is told once. Without
 * one, the outcome is told with a way to go on.
 */
export function takeOrderFollower(idempotencyKey: string): OrderFollower | undefined {
  const follower = followers.get(idempotencyKey);
  followers.delete(idempotencyKey);
  return follower;
}
