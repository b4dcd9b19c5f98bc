/** Browser storage keys fixed by the specification. */
export const AUTH_KEY = 'auth';
export const TOKEN_KEY = 'token';
export const CART_KEY = 'cart';
/** Fired on window whenever the stored cart is saved or cleared. */
export const CART_EVENT = 'cartUpdated';
