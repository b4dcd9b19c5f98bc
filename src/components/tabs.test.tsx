import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const items = [
  { id: 'a', label: 'Description', panel: <p>About it</p> },
  { id: 'b', label: 'Details', panel: <input aria-label="Kept" /> },
  { id: 'c', label: 'FAQ (0)', panel: <p>No FAQs available</p> },
];

describe('Tabs', () => {
  it('shows the selected panel, labelled by its tab, and switches on click', async () => {
    render(<Tabs label="Product information" tabs={items} />);

    expect(screen.getByRole('tablist', { name: 'Product information' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Description' })).toHaveTextContent('About it');
    expect(screen.queryByText('No FAQs available')).not.toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'FAQ (0)' }));
    expect(screen.getByRole('tab', { name: 'FAQ (0)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No FAQs available')).toBeVisible();
    expect(screen.queryByText('About it')).not.toBeVisible();
  });

  it('is one tab stop; arrow keys, Home and End move and select, wrapping around', async () => {
    render(<Tabs label="Product information" tabs={items} />);

    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('tabindex', '-1');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'FAQ (0)' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'FAQ (0)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps hidden panels mounted, so what was typed survives a switch', async () => {
    render(<Tabs label="Product information" tabs={items} defaultSelected="b" />);

    await userEvent.type(screen.getByLabelText('Kept'), 'half a review');
    await userEvent.click(screen.getByRole('tab', { name: 'Description' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByLabelText('Kept')).toHaveValue('half a review');
  });

  it('with one shared panel, follows the selection its owner keeps and names the panel by the selected tab', async () => {
    const chosen = vi.fn();
    function Filtered() {
      const [status, setStatus] = useState<'all' | 'pending' | 'delivered'>('pending');
      return (
        <Tabs
          label="Order status"
          tabs={[
            { id: 'all', label: 'All' },
            { id: 'pending', label: 'Pending' },
            { id: 'delivered', label: 'Delivered' },
          ]}
          selected={status}
          onSelect={(next) => {
            chosen(next);
            setStatus(next);
          }}
          sharedPanel={<p>Showing {status}</p>}
        />
      );
    }
    render(<Filtered />);

    const panel = screen.getByRole('tabpanel', { name: 'Pending' });
    expect(panel).toHaveTextContent('Showing pending');
    for (const tab of screen.getAllByRole('tab')) expect(tab).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);

    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(chosen).toHaveBeenLastCalledWith('delivered');
    expect(screen.getByRole('tab', { name: 'Delivered' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Delivered' })).toHaveTextContent('Showing delivered');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel', { name: 'All' })).toHaveTextContent('Showing all');
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(chosen).toHaveBeenLastCalledWith('delivered');
    expect(screen.getByRole('tab', { name: 'Delivered' })).toHaveFocus();
  });

  it('leaves other keys alone, so Tab moves on from the list into the panel', async () => {
    render(<Tabs label="Product information" tabs={items} />);

    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}a');
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.tab();
    expect(screen.getByRole('tabpanel', { name: 'Description' })).toHaveFocus();
  });
});
