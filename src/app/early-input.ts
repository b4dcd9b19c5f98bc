import { EARLY_CLICKS } from '@contract/page-document';

/** Form fields the shopper may have typed into, or chosen in, while the page was not the app's yet. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

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
 * Holds the clicks and submits made on a rendered page from the app's start until it has hydrated the page's frame,
 * and notes the fields typed into; the returned function (called again, it does nothing) gives them to the hydrated
 * app. Until then no handler of the app is there, and React replays no click made before it has hydrated the part
 * clicked, nor hands the app a value typed before: a tap on a button did nothing and a search typed was not the app's.
 */
export function holdEarlyInput(container: HTMLElement): () => void {
  const held: Event[] = [];
  // The buttons tapped before this script ran, which the page's loader held (server/http/pages.ts): ours from now on.
  const loader = (window as unknown as Partial<Record<typeof EARLY_CLICKS, LoaderClicks>>)[EARLY_CLICKS];
  loader?.[1]();
  const tappedBeforeStart = loader?.[0] ?? [];
  const typedInto = new Set<Field>();
  const hold = (event: Event) => {
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
