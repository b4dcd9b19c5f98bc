import { CHECKOUT_DELIVERY_KEY } from './storage-keys';

/** The checkout's delivery fields, kept on the device so a reload (or an order queued offline) does not lose them. */
export type SavedDelivery = { phone: string; addressDetails: string; division: string; district: string; city: string };

const FIELDS = ['phone', 'addressDetails', 'division', 'district', 'city'] as const;
/** Longer than any address the checkout takes: a stored value past it is not ours. */
const MAX_FIELD_LENGTH = 1_000;

/** The fields saved for this account; none for another account's, or for a missing or malformed value. */
export function readSavedDelivery(userId: string | undefined): Partial<SavedDelivery> {
  if (!userId) return {};
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(CHECKOUT_DELIVERY_KEY) ?? 'null');
    if (!saved || typeof saved !== 'object') return {};
    const { userId: owner, fields } = saved as { userId?: unknown; fields?: Record<string, unknown> };
    if (owner !== userId || !fields || typeof fields !== 'object') return {};
    const restored: Partial<SavedDelivery> = {};
    for (const field of FIELDS) {
      const value = fields[field];
      if (typeof value === 'string' && value !== '' && value.length <= MAX_FIELD_LENGTH) restored[field] = value;
    }
    return restored;
  } catch {
    return {};
  }
}

/** Keeps the delivery fields as typed (the payment number and the coupon are not kept). */
export function saveDelivery(userId: string, values: Partial<Record<string, unknown>>): void {
  const fields = Object.fromEntries(FIELDS.map((field) => [field, typeof values[field] === 'string' ? values[field] : '']));
  try {
    localStorage.setItem(CHECKOUT_DELIVERY_KEY, JSON.stringify({ userId, fields }));
  } catch {
    // Storage full or refused: the form still works, it only forgets on a reload.
  }
}
