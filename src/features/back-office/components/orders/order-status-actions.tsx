import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrderDetail } from '@contract/back-office-orders';
import { orderNumber } from '@contract/order-number';
import { shopCancelCodes, type OrderStatus, type ShopCancelCode } from '@contract/orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { CancelReasonFields } from '@/components/cancel-reason-fields';
import { useValidationMessage } from '@/i18n/validation';
import { validateCancel, type CancelFormErrors, type CancelFormValues } from '@/lib/cancel-form';
import { useFormat, useMessages } from '@/i18n/react';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { backOfficeText } from '@/messages/back-office';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import type orderTexts from '@/messages/back-office-orders/en';
import { adminOrderKeys, useChangeOrderStatus, useConfirmByPhone } from '../../lib/orders/order-api';
import { cancelCodeLabel, cancelledByLabel, statusLabel } from '../../lib/orders/order-text';
import { formatDhakaTime } from '../../lib/orders/order-filters';
import { serverErrors } from '../../lib/server-errors';
import { ConfirmDialog } from '../confirm-dialog';
import { OfflineWriteMessage, useWriteGuard } from '../offline-write-guard';

/** The buttons' words for each status an order may move to. */
const MOVE_KEYS = {
  pending: 'moveToPending',
  processing: 'moveToProcessing',
  shipped: 'moveToShipped',
  delivered: 'moveToDelivered',
  cancelled: 'cancelOrder',
} as const satisfies Record<OrderStatus, keyof typeof orderTexts>;

/** Moves an order only where ORDER_TRANSITIONS lets it go (the server's `nextStatuses`); cancelling asks first. */
export function OrderStatusActions({ detail }: { detail: AdminOrderDetail }) {
  const { order, nextStatuses } = detail;
  const text = useMessages(backOfficeOrdersText);
  const words = useMessages(backOfficeText);
  const format = useFormat();
  const number = orderNumber(order._id);
  const queryClient = useQueryClient();
  const change = useChangeOrderStatus(order._id);
  const { guard, refused } = useWriteGuard();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [error, setError] = useState<string>();
  const message = useValidationMessage();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [reasonErrors, setReasonErrors] = useState<CancelFormErrors>({});

  const move = (status: OrderStatus, why: Partial<CancelFormValues<ShopCancelCode>> = {}) => {
    setError(undefined);
    guard(() =>
      change.mutate(
        { status, ...why },
        {
          onSuccess: () => {
            setConfirmingCancel(false);
            notify.success(text.moved(number, statusLabel(words, status)));
          },
          onError: (failure) => {
            setError(serverErrors(failure, text.statusFailed).form);
            // Someone else moved it meanwhile: show the order, and the changes it allows, as it is now.
            if (failure instanceof ApiError && failure.status === 409) void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
          },
        },
      ),
    );
  };
  const confirmation = useConfirmByPhone(order._id);
  const awaiting = order.status === 'pending' && order.cashConfirmation === 'awaiting';
  const confirmByPhone = () => {
    setError(undefined);
    guard(() =>
      confirmation.mutate(undefined, {
        onSuccess: () => notify.success(text.confirmedOrder(number)),
        onError: (failure) => {
          setError(serverErrors(failure, text.confirmFailed).form);
          if (failure instanceof ApiError && failure.status === 409) void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
        },
      }),
    );
  };
  const busyWith = change.isPending ? change.variables.status : undefined;
  const confirmCancel = () => {
    const result = validateCancel(shopCancelCodes, { reason, note });
    setReasonErrors(result.ok ? {} : result.errors);
    if (result.ok) move('cancelled', result.values);
  };
  const forward = nextStatuses.filter((status) => status !== 'cancelled');

  return (
    <section aria-labelledby="order-status-heading" className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="order-status-heading" className="text-lg font-bold text-gray-900">
        {text.status}
      </h2>
      {awaiting && (
        <div className="flex flex-col items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="font-semibold text-gray-900">{text.awaitingConfirmation}</p>
          <p className="text-sm text-gray-800">{text.awaitingConfirmationHelp}</p>
          <Button busy={confirmation.isPending} disabled={change.isPending} onClick={confirmByPhone}>
            {text.confirmByPhone}
          </Button>
        </div>
      )}
      {detail.cancellation && <CancellationFacts cancellation={detail.cancellation} />}
      {nextStatuses.length === 0 ? (
        <>
          <p className="text-gray-700">{text.final(statusLabel(words, order.status))}</p>
          {order.status === 'delivered' && <p className="text-gray-700">{text.returnsAfterDelivery}</p>}
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          {forward.map((status) => (
            <Button key={status} busy={busyWith === status} disabled={change.isPending} onClick={() => move(status)}>
              {text[MOVE_KEYS[status]]}
            </Button>
          ))}
          {nextStatuses.includes('cancelled') && (
            <Button
              variant="ghost"
              disabled={change.isPending}
              className="text-red-700 hover:bg-red-50"
              onClick={() => {
                setError(undefined);
                setReason('');
                setNote('');
                setReasonErrors({});
                setConfirmingCancel(true);
              }}
            >
              {text.cancelOrder}
            </Button>
          )}
        </div>
      )}
      {!confirmingCancel && <OfflineWriteMessage message={refused} />}
      {!confirmingCancel && error && <Alert>{error}</Alert>}
      <ConfirmDialog
        open={confirmingCancel}
        title={text.confirmCancel(number)}
        message={
          <>
            <p>{text.stockBack}</p>
            {order.paymentStatus === 'paid' && <p className="mt-2">{text.paidBack(format.takaExact(order.totalPrice))}</p>}
            <div className="mt-3">
              <CancelReasonFields
                legend={text.cancelWhy}
                options={shopCancelCodes.map((code) => ({ value: code, label: cancelCodeLabel(text, code) }))}
                reason={reason}
                onReason={setReason}
                noteLabel={text.cancelNote}
                note={note}
                onNote={setNote}
                errors={{ reason: message(reasonErrors.reason), note: message(reasonErrors.note) }}
              />
            </div>
          </>
        }
        confirmLabel={text.cancelOrder}
        cancelLabel={text.keepOrder}
        busy={busyWith === 'cancelled'}
        error={refused ?? error}
        onCancel={() => setConfirmingCancel(false)}
        onConfirm={confirmCancel}
      />
    </section>
  );
}

/** Who cancelled the order, the reason they picked and the words they gave, and when. */
function CancellationFacts({ cancellation }: { cancellation: NonNullable<AdminOrderDetail['cancellation']> }) {
  const text = useMessages(backOfficeOrdersText);
  const { locale } = useFormat();
  const facts: [string, string | null][] = [
    [text.cancelledByLabel, cancelledByLabel(text, cancellation.by)],
    [text.cancelReasonLabel, cancellation.reason ? cancelCodeLabel(text, cancellation.reason) : null],
    [text.cancelNoteLabel, cancellation.note],
    [text.cancelledAtLabel, cancellation.at ? formatDhakaTime(cancellation.at, locale) : null],
  ];
  return (
    <div className="rounded-md border border-gray-200 bg-gray-50 p-3">
      <h3 className="font-semibold text-gray-900">{text.cancellationTitle}</h3>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-gray-600">{label}</dt>
              <dd className="break-words text-gray-900">{value}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
