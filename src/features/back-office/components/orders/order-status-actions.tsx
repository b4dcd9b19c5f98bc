import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrderDetail } from '@contract/back-office-orders';
import { formatTakaExact } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import type { OrderStatus } from '@contract/orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { adminOrderKeys, useChangeOrderStatus } from '../../lib/orders/order-api';
import { STATUS_LABELS } from '../../lib/orders/order-text';
import { serverErrors } from '../../lib/server-errors';
import { ConfirmDialog } from '../confirm-dialog';
import { OfflineWriteMessage, useWriteGuard } from '../offline-write-guard';

const TEXT = {
  heading: 'Status',
  move: { pending: 'Back to pending', processing: 'Mark processing', shipped: 'Mark shipped', delivered: 'Mark delivered', cancelled: 'Cancel order' } satisfies Record<OrderStatus, string>,
  final: (status: string) => `${status} orders are final: nothing more can change.`,
  moved: (number: string, status: string) => `Order #${number} is now ${status.toLowerCase()}`,
  failed: 'The status could not be changed. Try again.',
  confirmTitle: (number: string) => `Cancel order #${number}?`,
  confirm: 'Cancel order',
  keep: 'Keep order',
  stockBack: 'Its items go back into stock and the customer is told.',
  paidBack: (amount: string) => `It was paid, so ${amount} is paid back to the customer.`,
};

/** Moves an order only where ORDER_TRANSITIONS lets it go (the server's `nextStatuses`); cancelling asks first. */
export function OrderStatusActions({ detail }: { detail: AdminOrderDetail }) {
  const { order, nextStatuses } = detail;
  const number = orderNumber(order._id);
  const queryClient = useQueryClient();
  const change = useChangeOrderStatus(order._id);
  const { guard, refused } = useWriteGuard();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [error, setError] = useState<string>();

  const move = (status: OrderStatus) => {
    setError(undefined);
    guard(() =>
      change.mutate(status, {
        onSuccess: () => {
          setConfirmingCancel(false);
          notify.success(TEXT.moved(number, STATUS_LABELS[status]));
        },
        onError: (failure) => {
          setError(serverErrors(failure, TEXT.failed).form);
          // Someone else moved it meanwhile: show the order, and the changes it allows, as it is now.
          if (failure instanceof ApiError && failure.status === 409) void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
        },
      }),
    );
  };
  const busyWith = change.isPending ? change.variables : undefined;
  const forward = nextStatuses.filter((status) => status !== 'cancelled');

  return (
    <section aria-labelledby="order-status-heading" className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="order-status-heading" className="text-lg font-bold text-gray-900">
        {TEXT.heading}
      </h2>
      {nextStatuses.length === 0 ? (
        <p className="text-gray-700">{TEXT.final(STATUS_LABELS[order.status])}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {forward.map((status) => (
            <Button key={status} busy={busyWith === status} disabled={change.isPending} onClick={() => move(status)}>
              {TEXT.move[status]}
            </Button>
          ))}
          {nextStatuses.includes('cancelled') && (
            <Button
              variant="ghost"
              disabled={change.isPending}
              className="text-red-700 hover:bg-red-50"
              onClick={() => {
                setError(undefined);
                setConfirmingCancel(true);
              }}
            >
              {TEXT.move.cancelled}
            </Button>
          )}
        </div>
      )}
      {!confirmingCancel && <OfflineWriteMessage message={refused} />}
      {!confirmingCancel && error && <Alert>{error}</Alert>}
      <ConfirmDialog
        open={confirmingCancel}
        title={TEXT.confirmTitle(number)}
        message={
          <>
            <p>{TEXT.stockBack}</p>
            {order.paymentStatus === 'paid' && <p className="mt-2">{TEXT.paidBack(formatTakaExact(order.totalPrice))}</p>}
          </>
        }
        confirmLabel={TEXT.confirm}
        cancelLabel={TEXT.keep}
        busy={busyWith === 'cancelled'}
        error={refused ?? error}
        onCancel={() => setConfirmingCancel(false)}
        onConfirm={() => move('cancelled')}
      />
    </section>
  );
}
