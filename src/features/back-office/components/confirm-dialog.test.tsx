import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderConfirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Delete the category Fruits?"
      message="Its sub-categories go with it."
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Delete the category Fruits?' }) };
}

describe('ConfirmDialog', () => {
  it('asks, says what will happen, and acts only when confirmed', async () => {
    const { onConfirm, onCancel, dialog } = renderConfirm();
    expect(dialog).toHaveTextContent('Its sub-categories go with it.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('keeps everything as it is on Cancel, and on Escape', async () => {
    const { onConfirm, onCancel, dialog } = renderConfirm();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[0]!);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows the action running, and the server's message when it failed", () => {
    const { dialog } = renderConfirm({ busy: true, error: 'The category still has products' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The category still has products');
  });

  it('is not there while closed', () => {
    render(<ConfirmDialog open={false} title="Delete?" message="" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
