import { CART_EVENT, CART_KEY } from './storage-keys';

/** Removes the saved cart and tells every listener (navigation badge, cart view) about it. */
export function clearStoredCart(): void {
  localStorage.removeItem(CART_KEY);
  window.dispatchEvent(new Event(CART_EVENT));
}
