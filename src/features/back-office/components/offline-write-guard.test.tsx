import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import backOfficeTexts from '@/messages/back-office/en';
import { OfflineWriteMessage, useWriteGuard, WriteProblem } from './offline-write-guard';

const NEEDS_CONNECTION = backOfficeTexts.needsConnection;

function SaveButton({ save }: { save: () => void }) {
  const { guard, refused } = useWriteGuard();
  return (
    <>
      <button type="button" onClick={() => guard(save)}>
        Save
      </button>
      <OfflineWriteMessage message={refused} />
    </>
  );
}

describe('the offline write guard', () => {
  it('runs a write while online, and says nothing', async () => {
    const save = vi.fn();
    render(<SaveButton save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a write made offline: nothing is sent or kept for later, and it says a connection is needed', async () => {
    const save = vi.fn();
    render(<SaveButton save={save} />);
    act(() => onlineManager.setOnline(false));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);

    // Back online: the message goes, and the next attempt is sent.
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledOnce();
  });
});

describe('a write’s problem', () => {
  it('says the write needs a connection rather than repeat an earlier failure, and the server’s message otherwise', () => {
    const { rerender } = render(<WriteProblem refused={NEEDS_CONNECTION} error="Category not found" />);
    expect(screen.getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    rerender(<WriteProblem refused={undefined} error="Category not found" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Category not found');
    rerender(<WriteProblem refused={undefined} error={undefined} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
