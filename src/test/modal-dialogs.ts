/** What the browser can move focus to when a dialog opens. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const escapeListeners = new WeakMap<HTMLDialogElement, (event: KeyboardEvent) => void>();

/**
 * jsdom has no modal dialogs. These stand in for the browser's showModal() and close() on what tests can see: the
 * dialog opens with focus on its first focusable element (or itself), Escape fires `cancel` and, unless that is
 * cancelled, closes it, and closing fires `close`. The page behind is not made inert here; the end-to-end tests
 * check that in Chromium.
 */
export function installModalDialogs(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    (this.querySelector<HTMLElement>(FOCUSABLE) ?? this).focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
    };
    escapeListeners.set(this, onKeyDown);
    document.addEventListener('keydown', onKeyDown);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const onKeyDown = escapeListeners.get(this);
    if (onKeyDown) document.removeEventListener('keydown', onKeyDown);
    this.dispatchEvent(new Event('close'));
  };
}
