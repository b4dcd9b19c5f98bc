import { h, hydrate, options } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { keepIdsInStepWithTheApp } from './server-ids';

describe('keepIdsInStepWithTheApp', () => {
  const diffed = options.diffed;
  afterEach(() => {
    options.diffed = diffed;
  });

  it("gives the server's elements the app's ids when Preact hydrates them, and leaves other attributes to hydration", () => {
    const root = document.createElement('div');
    root.innerHTML = '<label for="_R_1_">Search</label><input id="_R_1_" aria-describedby="_R_1_-hint" class="server"><p id="_R_1_-hint">Hint</p>';
    keepIdsInStepWithTheApp();
    hydrate(
      [
        h('label', { htmlFor: 'P0-0' }, 'Search'),
        h('input', { id: 'P0-0', 'aria-describedby': 'P0-0-hint', class: 'app' }),
        h('p', { id: 'P0-0-hint' }, 'Hint'),
      ],
      root,
    );
    expect(root.innerHTML).toBe('<label for="P0-0">Search</label><input id="P0-0" aria-describedby="P0-0-hint" class="server"><p id="P0-0-hint">Hint</p>');
  });
});
