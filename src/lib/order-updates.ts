import { ORDER_UPDATES_ANSWER_KEY } from './storage-keys';

/** What this browser offers for web push: nothing, or the Notification permission as it stands. */
export type PushSupport = 'unsupported' | NotificationPermission;

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

export type OrderUpdatesAnswer = 'declined' | 'accepted';

type AnswerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storageOrNull(): AnswerStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function rememberedAnswer(storage: AnswerStorage | null = storageOrNull()): OrderUpdatesAnswer | null {
  try {
    const answer = storage?.getItem(ORDER_UPDATES_ANSWER_KEY);
    return answer === 'declined' || answer === 'accepted' ? answer : null;
  } catch {
    return null;
  }
}

/** 'Not now', a refused permission or a device subscribed: the offer after an order is not made again on this device. */
export function rememberAnswer(answer: OrderUpdatesAnswer, storage: AnswerStorage | null = storageOrNull()): void {
  try {
    storage?.setItem(ORDER_UPDATES_ANSWER_KEY, answer);
  } catch {
    // Storage blocked: the offer may come again after the next order.
  }
}

/** At sign-out the device stops getting notifications: the next account on it is offered them after its order. A 'Not now' stays. */
export function forgetAcceptance(storage: AnswerStorage | null = storageOrNull()): void {
  if (rememberedAnswer(storage) !== 'accepted') return;
  try {
    storage?.removeItem(ORDER_UPDATES_ANSWER_KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * Whether the card offering order notifications is shown after an order was placed: once per device, only where the
 * browser can show them, never when the shopper already answered (here, or in the browser's own prompt).
 */
export function offerAfterOrder(support: PushSupport = pushSupport(), answer: OrderUpdatesAnswer | null = rememberedAnswer()): boolean {
  return support !== 'unsupported' && support !== 'denied' && answer === null;
}
