import type { CartItem } from './cart';

/** Where checkout's lines came from: only an order from the cart takes lines out of the cart. */
export type CheckoutSource = 'cart' | 'buy now' | 'buy again';

/**
 * Data carried from one screen to the next in history state (never in the URL):
 * the identifier and the request's token through the password-reset steps, the email or phone and its registration's
 * token through registration, the address a verified account signs in with, and the checkout items with where they
 * came from, and the order just placed (My Orders offers notifications about it).
 */
declare module '@tanstack/react-router' {
  interface HistoryState {
    identifier?: string;
    resetRequest?: string;
    email?: string;
    phone?: string;
    registration?: string;
    resetToken?: string;
    from?: CheckoutSource;
    cartItems?: CartItem[];
    placedOrder?: string;
  }
}
