import { TAPPED_LINE_ATTRIBUTES } from '@contract/page-document';
import { parseCart, saveCart, withLineAdded } from './cart-lines';
import { AUTH_KEY, CART_KEY } from './storage-keys';

/**
 * A rendered product page's Add to Cart, tapped before the app has started: the page's loader imports this file alone
 * (its own build entry, with copies of what it imports: one file of 1 KB gzip, where the app takes seconds on a slow
 * link) and adds the line the button carries, through the cart's own rule.
 */

/** How long the note that a tap added to the cart stays on screen. */
const ADDED_NOTE_MS = 4_000;

/** A short note on the screen (and to screen readers) that the tap took, drawn outside the part the app hydrates. */
function noteAdded(words: string): void {
  const note = document.createElement('p');
  note.setAttribute('role', 'status');
  note.textContent = words;
  note.style.cssText =
    'position:fixed;left:50%;bottom:88px;transform:translateX(-50%);z-index:60;margin:0;max-width:calc(100vw - 32px);padding:12px 16px;border-radius:8px;background:#111827;color:#fff;font:600 15px/1.4 system-ui,sans-serif;box-shadow:0 4px 12px rgba(0,0,0,.25)';
  document.body.append(note);
  setTimeout(() => note.remove(), ADDED_NOTE_MS);
}

/**
 * Adds the line a rendered page's Add to Cart carries, tapped before the app has started; false when the app must
 * take the tap instead (no line on the button, or a signed-out shopper, whom the app sends to sign in).
 */
export function addTappedLine(button: HTMLElement): boolean {
  const line = parseCart(`[${button.getAttribute(TAPPED_LINE_ATTRIBUTES.line) ?? ''}]`)[0];
  if (!line) return false;
  try {
    const shopperId = (JSON.parse(localStorage.getItem(AUTH_KEY) ?? 'null') as { user?: { _id?: unknown } } | null)?.user?._id;
    if (typeof shopperId !== 'string') return false;
    saveCart(withLineAdded(parseCart(localStorage.getItem(CART_KEY)), { ...line, OwnerId: line.OwnerId || shopperId }).items);
  } catch {
    return false;
  }
  noteAdded(button.getAttribute(TAPPED_LINE_ATTRIBUTES.added) ?? '');
  return true;
}
