import { act, createElement, useState, type ChangeEvent, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { EARLY_CLICKS } from '@contract/page-document';
import { holdEarlyInput } from './early-input';

describe('holdEarlyInput', () => {
  it('holds clicks and submits until React has hydrated the page, then gives them and what was typed to the app', async () => {
    const seen: string[] = [];
    function Search() {
      const [query, setQuery] = useState('');
      const [filtersOpen, setFiltersOpen] = useState(false);
      return createElement(
        'form',
        {
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            seen.push(`searched ${query}`);
          },
        },
        createElement('input', { 'aria-label': 'Search', value: query, onChange: (event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value) }),
        createElement('button', null, 'Search'),
        createElement('button', { type: 'button', onClick: () => setFiltersOpen(true) }, filtersOpen ? 'Filters open' : 'Filters'),
      );
    }
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = renderToString(createElement(Search));
    const input = root.querySelector('input')!;
    const [, filters] = root.querySelectorAll('button');
    const release = holdEarlyInput(root);

    // The page before hydration: the app has no handlers yet.
    input.value = 'saree';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    filters!.click();
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')!.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);

    // React keeps the value typed as it hydrates, but its state still holds the server's until it is given the input.
    const hydrated = await act(async () => hydrateRoot(root, createElement(Search)));
    await act(async () => release());

    expect(filters!.textContent).toBe('Filters open');
    expect(seen).toEqual(['searched saree']);
    await act(async () => hydrated.unmount());
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

  it('lets a link work as a plain link while it holds the rest', () => {
    const root = document.createElement('div');
    root.innerHTML = '<a href="/products/1"><span>Saree</span></a><button type="button">Filters</button>';
    const release = holdEarlyInput(root);
    const onLink = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('span')!.dispatchEvent(onLink);
    const onButton = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')!.dispatchEvent(onButton);
    expect(onLink.defaultPrevented).toBe(false);
    expect(onButton.defaultPrevented).toBe(true);
    release();
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
