/** Browser storage keys: `auth`, `token` and `cart`, then the app's own. */
export const AUTH_KEY = 'auth';
export const TOKEN_KEY = 'token';
export const CART_KEY = 'cart';
/** Fired on window whenever the stored cart is saved or cleared. */
export const CART_EVENT = 'cartUpdated';
/** localStorage: set once the shopper closed the iOS install hint, which then stays away. */
export const IOS_HINT_DISMISSED_KEY = 'iosInstallHintDismissed';
/** localStorage: the shopper's answer to the offer of order notifications on this device ('declined' or 'accepted'). */
export const ORDER_UPDATES_ANSWER_KEY = 'orderUpdatesAnswer';
/** localStorage: the checkout's delivery fields as last typed, with the account they belong to. */
export const CHECKOUT_DELIVERY_KEY = 'checkoutDelivery';
