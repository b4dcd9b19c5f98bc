import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListSearch } from './list-search';

describe('ListSearch', () => {
  it('sends the typed text trimmed, only when sent, from a box its hidden label names', async () => {
    const onSearch = vi.fn();
    render(<ListSearch label="Search by code" buttonLabel="Search" search={undefined} onSearch={onSearch} />);

    const box = screen.getByRole('searchbox', { name: 'Search by code' });
    expect(box).toHaveAttribute('placeholder', 'Search by code');
    await userEvent.type(box, '  eid ');
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(box, '{Enter}');
    expect(onSearch.mock.calls).toEqual([['eid'], ['eid']]);
  });

  it('takes the search the list shows again when it changes elsewhere, and keeps the focus', async () => {
    const { rerender } = render(<ListSearch label="Search" buttonLabel="Search orders" search="rahim" onSearch={() => {}} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveValue('rahim');
    await userEvent.type(box, ' khan');

    rerender(<ListSearch label="Search" buttonLabel="Search orders" search={undefined} onSearch={() => {}} />);
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });
});
