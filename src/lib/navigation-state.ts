import type { CartItem } from './cart';

/**
 * Data carried from one screen to the next in history state (never in the URL):
 * the identifier and the request's token through the password-reset steps, the email or phone and its registration's
 * token through registration, the address a verified account signs in with, and the checkout items.
 */
declare module '@tanstack/react-router' {
  interface HistoryState {
    identifier?: string;
    resetRequest?: string;
    email?: string;
    phone?: string;
    registration?: string;
    resetToken?: string;
    from?: string;
    cartItems?: CartItem[];
    subtotal?: number;
  }
}

export {};
