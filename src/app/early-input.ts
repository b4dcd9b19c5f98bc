import { EARLY_CLICKS } from '@contract/page-document';

/** Form fields the shopper may have typed into, or chosen in, while the page was not the app's yet. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What a rendered page's loader held before the app's scripts started: the buttons tapped, and how to stop holding. */
type LoaderClicks = [buttons: HTMLElement[], stop: () => void];

/**
 * Holds the clicks and submits made on a rendered page between the app's start and its hydration, and notes the fields
 * typed into; the returned function gives them to the hydrated app. Preact, unlike React, has no such replay: a click
 * on a link or button in that moment did nothing the app saw, and a search typed then was not in the app's state.
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
  return () => {
    container.removeEventListener('click', hold, true);
    container.removeEventListener('submit', hold, true);
    container.removeEventListener('input', note, true);
    container.removeEventListener('change', note, true);
    for (const field of typedInto) {
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const button of tappedBeforeStart) if (button.isConnected) button.click();
    for (const event of held) {
      if (event.type === 'click' && event.target instanceof HTMLElement) event.target.click();
      else if (event.target instanceof HTMLFormElement) event.target.requestSubmit();
    }
  };
}
