import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

describe('Pager', () => {
  it('asks for the next and the previous page the server holds', async () => {
    const onPageChange = vi.fn();
    render(<Pager page={2} pages={3} total={25} onPageChange={onPageChange} label="Orders pages" />);

    expect(screen.getByRole('navigation', { name: 'Orders pages' })).toHaveTextContent('Page 2 of 3 · 25 in all');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('cannot go before the first page or past the last', () => {
    const { rerender } = render(<Pager page={1} pages={2} onPageChange={() => {}} label="Pages" />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(<Pager page={2} pages={2} onPageChange={() => {}} label="Pages" />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows nothing when everything fits on one page', () => {
    render(<Pager page={1} pages={1} onPageChange={() => {}} label="Pages" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
