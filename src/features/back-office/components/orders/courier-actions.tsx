import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail } from '@contract/back-office-orders';
import { orderNumber } from '@contract/order-number';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ParcelTracking } from '@/components/parcel-tracking';
import { TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import { adminOrderKeys, adminOrderQuery, useBookParcel, useReadParcel } from '../../lib/orders/order-api';
import { serverErrors } from '../../lib/server-errors';
import { OfflineWriteMessage, useWriteGuard } from '../offline-write-guard';

/**
 * The order's parcel: booked with the shop's courier at a press, or recorded by hand for another courier, once the
 * order is in processing; then its tracking and timeline, and asking the courier where it is.
 */
export function CourierActions({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  const text = useMessages(backOfficeOrdersText);
  const number = orderNumber(order._id);
  const queryClient = useQueryClient();
  const book = useBookParcel(order._id);
  const read = useReadParcel(order._id);
  const { guard, refused } = useWriteGuard();
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState({ courier: '', code: '', url: '' });

  const failed = (fallback: string) => (failure: Error) => {
    const errors = serverErrors(failure, fallback);
    setError(errors.form);
    setFieldErrors(errors.fields);
    if (failure instanceof ApiError && failure.status === 409) void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
  };
  const send = (typed?: typeof other) => {
    setError(undefined);
    setFieldErrors({});
    const input = typed && { courier: typed.courier, code: typed.code, ...(typed.url.trim() && { url: typed.url }) };
    guard(() =>
      book.mutate(input, {
        onSuccess: async () => {
          const fresh = await queryClient.fetchQuery({ ...adminOrderQuery(order._id), staleTime: 0 }).catch(() => null);
          const code = fresh?.order.tracking?.code ?? typed?.code ?? '';
          notify.success(text.booked(number, code));
        },
        onError: failed(text.bookFailed),
      }),
    );
  };
  const submitOther = (event: FormEvent) => {
    event.preventDefault();
    send(other);
  };
  const askCourier = () => {
    setError(undefined);
    guard(() => read.mutate(undefined, { onSuccess: () => notify.success(text.parcelRead), onError: failed(text.readFailed) }));
  };

  if (!order.tracking && order.status !== 'processing') return null;
  const busy = book.isPending || read.isPending;
  return (
    <section aria-labelledby="order-courier-heading" className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="order-courier-heading" className="text-lg font-bold text-gray-900">
        {text.courier}
      </h2>
      {order.tracking ? (
        <>
          <ParcelTracking tracking={order.tracking} />
          {order.status === 'shipped' && (
            <Button variant="secondary" busy={read.isPending} disabled={busy} onClick={askCourier}>
              {text.readParcel}
            </Button>
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-gray-800">{text.courierHelp}</p>
          <Button busy={book.isPending && !other.code} disabled={busy} onClick={() => send()}>
            {text.bookParcel}
          </Button>
          <form onSubmit={submitOther} className="flex flex-col gap-2 border-t border-gray-200 pt-3" aria-labelledby="other-courier-heading">
            <h3 id="other-courier-heading" className="font-semibold text-gray-900">
              {text.otherCourier}
            </h3>
            <TextField
              label={text.otherCourierName}
              value={other.courier}
              maxLength={60}
              required
              error={fieldErrors['other.courier']}
              onChange={(event) => setOther({ ...other, courier: event.target.value })}
            />
            <TextField
              label={text.otherCourierCode}
              value={other.code}
              maxLength={60}
              required
              error={fieldErrors['other.code']}
              onChange={(event) => setOther({ ...other, code: event.target.value })}
            />
            <TextField
              label={text.otherCourierUrl}
              type="url"
              value={other.url}
              maxLength={500}
              error={fieldErrors['other.url']}
              onChange={(event) => setOther({ ...other, url: event.target.value })}
            />
            <Button type="submit" variant="secondary" busy={book.isPending && Boolean(other.code)} disabled={busy}>
              {text.markShippedWithCode}
            </Button>
          </form>
        </>
      )}
      <OfflineWriteMessage message={refused} />
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
