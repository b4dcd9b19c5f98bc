import { useState } from 'react';
import type { ConfirmDialogProps } from '../components/confirm-dialog';
import { useWriteGuard } from '../components/offline-write-guard';
import { serverErrors } from './server-errors';

/** A delete as the server takes it: the item's id, and what to do with its answer. */
type Remove = {
  mutate: (id: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
};

type ConfirmedDeleteOptions<Item> = {
  remove: Remove;
  idOf: (item: Item) => string;
  /** The form's message when the server gives none, e.g. 'The banner could not be deleted'. */
  failed: string;
  /** After the server deleted it, e.g. to say so. */
  onDeleted?: (item: Item) => void;
};

/**
 * The back office's one way to delete: `ask(item)` opens the confirmation, which sends nothing offline (it says a
 * connection is needed), keeps the dialog open with the server's message when the delete fails, and closes once it
 * is done. Spread `dialog` into a ConfirmDialog; `target` is the item asked about, for its title.
 */
export function useConfirmedDelete<Item>({ remove, idOf, failed, onDeleted }: ConfirmedDeleteOptions<Item>) {
  const [target, setTarget] = useState<Item | null>(null);
  const [error, setError] = useState<string>();
  const { guard, refused } = useWriteGuard();

  const confirm = () => {
    if (target === null) return;
    guard(() =>
      remove.mutate(idOf(target), {
        onSuccess: () => {
          setTarget(null);
          onDeleted?.(target);
        },
        onError: (failure) => setError(serverErrors(failure, failed).form),
      }),
    );
  };

  const dialog = {
    open: target !== null,
    busy: remove.isPending,
    error: refused ?? error,
    onConfirm: confirm,
    onCancel: () => setTarget(null),
  } satisfies Partial<ConfirmDialogProps>;

  const ask = (item: Item) => {
    setError(undefined);
    setTarget(item);
  };
  return { target, ask, dialog };
}
