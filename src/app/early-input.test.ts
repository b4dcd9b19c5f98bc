import { describe, expect, it, vi } from 'vitest';
import { EARLY_CLICKS } from '@contract/page-document';
import { holdEarlyInput } from './early-input';

describe('holdEarlyInput', () => {
  it('holds clicks and submits until the app has hydrated, then gives them and what was typed to it', () => {
    const root = document.createElement('div');
    root.innerHTML = '<form><input name="q"><button>Search</button></form><button type="button" id="open">Filters</button>';
    document.body.append(root);
    const form = root.querySelector('form')!;
    const input = root.querySelector('input')!;
    const open = root.querySelector<HTMLButtonElement>('#open')!;
    const seen: string[] = [];
    const release = holdEarlyInput(root);

    // The page before hydration: the app has no handlers yet.
    input.value = 'saree';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    open.click();
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);

    // Hydrated: the app's handlers are there.
    input.addEventListener('input', () => seen.push(`typed ${input.value}`));
    open.addEventListener('click', () => seen.push('clicked Filters'));
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => seen.push('submitted'));
    release();

    expect(seen).toEqual(['typed saree', 'clicked Filters', 'submitted']);
    requestSubmit.mockRestore();
    root.remove();
  });

  it("takes over the taps the page's loader held before the app's scripts started, and taps them again once hydrated", () => {
    const root = document.createElement('div');
    root.innerHTML = '<button type="button">Filters</button>';
    document.body.append(root);
    const filters = root.querySelector('button')!;
    const stopHolding = vi.fn();
    Object.assign(window, { [EARLY_CLICKS]: [[filters], stopHolding] });
    const release = holdEarlyInput(root);
    expect(stopHolding).toHaveBeenCalledOnce();

    const opened = vi.fn();
    filters.addEventListener('click', opened);
    release();
    expect(opened).toHaveBeenCalledOnce();
    Reflect.deleteProperty(window, EARLY_CLICKS);
    root.remove();
  });

  it('lets clicks through once released', () => {
    const root = document.createElement('div');
    root.innerHTML = '<button type="button">Go</button>';
    const release = holdEarlyInput(root);
    release();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
