import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ hideTitle = false, onClose = () => {} }: { hideTitle?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Share this product"
        hideTitle={hideTitle}
      >
        <button type="button">First action</button>
        <a href="/x">Last action</a>
      </Dialog>
    </>
  );
}

const dialogElement = () => document.querySelector('dialog')!;

describe('Dialog', () => {
  it('opens as a modal <dialog> named by its title, with focus inside; Escape closes it and gives focus back', async () => {
    const onClose = vi.fn();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Share this product' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('heading', { name: 'Share this product' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dialogElement()).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('closes from its close button and from a click on the backdrop, once each, focus back on the opener', async () => {
    const onClose = vi.fn();
    render(<Harness hideTitle onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });

    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Share this product' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Share this product' })).toHaveClass('sr-only');
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'First action' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // The backdrop is the <dialog> element itself, outside its content.
    await userEvent.click(dialogElement());
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes the <dialog> and gives focus back when its owner unmounts it while open', async () => {
    function Owner() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setShown(true)}>
            Details
          </button>
          {shown && (
            <Dialog open onClose={() => setShown(false)} title="Order #abc123">
              <button type="button" onClick={() => setShown(false)}>
                Done
              </button>
            </Dialog>
          )}
        </>
      );
    }
    render(<Owner />);
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByRole('dialog', { name: 'Order #abc123' })).toHaveAttribute('open');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details' })).toHaveFocus();
  });
});
