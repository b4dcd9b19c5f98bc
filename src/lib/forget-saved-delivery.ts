import { CHECKOUT_DELIVERY_KEY } from './storage-keys';

/**
 * Signing out: the next person on this device does not see the address. Apart from the rest of the saved delivery,
 * which only checkout reads: signing out is part of every page.
 */
export function forgetSavedDelivery(): void {
  try {
    localStorage.removeItem(CHECKOUT_DELIVERY_KEY);
  } catch {
    // Storage refused: there was nothing kept either.
  }
}
