import { EARLY_CLICKS } from '@contract/page-document';

/** Form fields the shopper may have typed into, or chosen in, while the page was not the app's yet. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** React marks each element it has hydrated (or created) with its fiber, under a key starting so. */
const REACT_FIBER_KEY = '__reactFiber$';
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith(REACT_FIBER_KEY));
/** React marks the element it renders into under a key starting so. */
const REACT_ROOT_KEY = '__reactContainer$';
/** What a tap does something on only once the app has it; a link works as a plain link before. */
const CONTROLS = 'button, [role="tab"], [role="button"], input, select, textarea, summary, label';
/** A part placed when near holds its own taps (src/components/when-near.tsx). */
const PLACED_WHEN_NEAR = '[data-when-near]';
/** How long a tap on a part still hydrating waits for it; later, the shopper has moved on. */
const HOLD_MS = 5_000;

/**
 * After the frame: a tap on a control of a part still waiting to hydrate is held until React has hydrated the
 * control, then tapped again. React hydrates a part first when it is tapped only if its code is in; otherwise it drops
 * the tap, and the tab or button did nothing.
 */
function holdUntilHydrated(event: Event) {
  const root = event.currentTarget;
  if (!(root instanceof Element) || !Object.keys(root).some((key) => key.startsWith(REACT_ROOT_KEY))) return;
  const target = event.target;
  const control = target instanceof HTMLElement ? target.closest(CONTROLS) : null;
  if (!control || hydrated(control) || control.closest(PLACED_WHEN_NEAR)) return;
  event.preventDefault();
  event.stopPropagation();
  const until = performance.now() + HOLD_MS;
  const replay = () => {
    if (!(target as HTMLElement).isConnected) return;
    if (hydrated(control)) (target as HTMLElement).click();
    else if (performance.now() < until) requestAnimationFrame(replay);
  };
  requestAnimationFrame(replay);
}

/** What a rendered page's loader held before the app's scripts started: the buttons tapped, and how to stop holding. */
type LoaderClicks = [buttons: HTMLElement[], stop: () => void];

/**
 * Hands a field's value typed before hydration to the app. React keeps the value the field has when it hydrates it,
 * notes it, and reports a change only against that note: so the field is set empty through React's own setter (which
 * updates the note), then to what was typed through the element's (which does not), and the input event is a change.
 */
function giveTypedValue(field: Field) {
  if (!(field instanceof HTMLSelectElement)) {
    const typed = field.value;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    field.value = '';
    setValue?.call(field, typed);
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Holds the clicks (but those on links) and submits made on a rendered page from the app's start until it has hydrated
 * the page's frame, and notes the fields typed into; the returned function (called again, it does nothing) gives them
 * to the hydrated app, and from then on holds each tap on a part still hydrating until React has it
 * (holdUntilHydrated). Until then no handler of the app is there, and React replays no click made before it has
 * hydrated the part clicked, nor hands the app a value typed before: a tap on a button did nothing and a search typed
 * was not the app's.
 */
export function holdEarlyInput(container: HTMLElement): () => void {
  const held: Event[] = [];
  // The buttons tapped before this script ran, which the page's loader held (server/http/pages.ts): ours from now on.
  const loader = (window as unknown as Partial<Record<typeof EARLY_CLICKS, LoaderClicks>>)[EARLY_CLICKS];
  loader?.[1]();
  const tappedBeforeStart = loader?.[0] ?? [];
  const typedInto = new Set<Field>();
  const hold = (event: Event) => {
    // A link works as a plain link before the app has it: held, its tap would be lost if the part were drawn anew.
    const target = event.target;
    if (event.type === 'click' && target instanceof Element && target.closest('a[href]') && !target.closest(CONTROLS)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(event);
  };
  const note = (event: Event) => typedInto.add(event.target as Field);
  container.addEventListener('click', hold, true);
  container.addEventListener('submit', hold, true);
  container.addEventListener('input', note, true);
  container.addEventListener('change', note, true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    container.removeEventListener('click', hold, true);
    container.removeEventListener('submit', hold, true);
    container.addEventListener('click', holdUntilHydrated, true);
    container.removeEventListener('input', note, true);
    container.removeEventListener('change', note, true);
    for (const field of typedInto) if (field.isConnected) giveTypedValue(field);
    for (const button of tappedBeforeStart) if (button.isConnected) button.click();
    for (const event of held) {
      if (event.type === 'click' && event.target instanceof HTMLElement) event.target.click();
      else if (event.target instanceof HTMLFormElement) event.target.requestSubmit();
    }
  };
}
