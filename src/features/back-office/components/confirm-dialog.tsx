import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';

export type ConfirmDialogProps = {
  open: boolean;
  /** The question, e.g. 'Delete the category Fruits?'; names the dialog. */
  title: string;
  /** What will happen, e.g. that its sub-categories go too. */
  message: ReactNode;
  /** The destructive button's label, e.g. 'Delete'. */
  confirmLabel: string;
  /** 'Cancel' unless given. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: the confirm button shows a spinner and the dialog stays. */
  busy?: boolean;
  /** The server's message when the action failed. */
  error?: string;
};

/** Asks before a destructive action; Escape, the backdrop and Cancel keep everything as it is. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false, error }: ConfirmDialogProps) {
  const text = useMessages(backOfficeText);
  cancelLabel ??= text.cancel;
  return (
    <Dialog open={open} onClose={onCancel} title={title} closeLabel={cancelLabel}>
      <div className="text-gray-800">{message}</div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button busy={busy} onClick={onConfirm} className="bg-red-700 hover:bg-red-800">
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
