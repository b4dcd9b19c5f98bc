import { customerCancelCodes, type CustomerCancelCode, type Order, type OrderItem } from '@contract/orders';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { CancelReasonFields } from '@/components/cancel-reason-fields';
import { validateCancel, type CancelFormErrors, type CancelFormValues } from '@/lib/cancel-form';
import { ReviewFields } from '@/components/review-fields';
import { Dialog } from '@/components/dialog';
import { OrderTotals, useOrderNames } from '@/components/order-parts';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { useAddressLine } from '@/lib/place-names';
import { refundMethodOptions } from '@/lib/refund-methods';
import { accountText } from '@/messages/account';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { canSubmitReview, validateRefund, type RefundFormValues } from '../lib/forms';
import { CANCEL_KEYS, shortId } from '../lib/orders';
import { ItemThumb } from './order-card';

export function OrderDetailsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const text = useMessages(accountText);
  const format = useFormat();
  const names = useOrderNames();
  const address = useAddressLine(order.deliveryAddress);
  return (
    <Dialog open onClose={onClose} title={text.orderTitle(shortId(order._id))}>
      <h3 className="text-sm font-semibold text-gray-900">{text.items}</h3>
      <ul className="mt-1 divide-y divide-gray-100">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? 'gone'}-${index}`} className="flex items-center gap-3 py-2">
            <ItemThumb item={item} />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-gray-900">{item.productName}</p>
              <p className="text-sm text-gray-700">
                {text.quantity(format.count(item.quantity))}
                {item.size ? ` · ${text.size(item.size)}` : ''}
                {item.color ? ` · ${text.colour(item.color)}` : ''}
              </p>
            </div>
            <span className="font-semibold text-gray-900">{format.takaPrecise(item.subTotal)}</span>
          </li>
        ))}
      </ul>
      <h3 className="mt-3 text-sm font-semibold text-gray-900">{text.deliveryAddress}</h3>
      <p className="text-gray-800">{address}</p>
      <h3 className="mt-3 text-sm font-semibold text-gray-900">{text.paymentMethodTitle}</h3>
      <p className="text-gray-800">{names.method(order.paymentMethod)}</p>
      <OrderTotals order={order} className="mt-3" />
    </Dialog>
  );
}

/** Cancelling asks why: one of the customer's reasons, and a few words (needed with "Other"). */
export function CancelConfirmDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: Order;
  busy: boolean;
  onConfirm: (why: CancelFormValues<CustomerCancelCode>) => void;
  onClose: () => void;
}) {
  const text = useMessages(accountText);
  const message = useValidationMessage();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<CancelFormErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCancel(customerCancelCodes, { reason, note });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onConfirm(result.values);
  };
  return (
    <Dialog open onClose={onClose} title={text.cancelOrder}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-gray-800">{text.cancelQuestion(shortId(order._id))}</p>
        <CancelReasonFields
          legend={text.cancelWhy}
          options={customerCancelCodes.map((code) => ({ value: code, label: text[CANCEL_KEYS[code]] }))}
          reason={reason}
          onReason={setReason}
          noteLabel={text.cancelNote}
          note={note}
          onNote={setNote}
          errors={{ reason: message(errors.reason), note: message(errors.note) }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {text.close}
          </Button>
          <Button type="submit" className="bg-red-700 hover:bg-red-800" busy={busy}>
            {text.confirmCancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function RefundDialog({ busy, onSubmit, onClose }: { busy: boolean; onSubmit: (values: RefundFormValues) => void; onClose: () => void }) {
  const [refundMethod, setRefundMethod] = useState('');
  const [refundNumber, setRefundNumber] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof RefundFormValues, string>>>({});
  const text = useMessages(accountText);
  const message = useValidationMessage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateRefund({ refundMethod, refundNumber });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.values);
  };

  return (
    <Dialog open onClose={onClose} title={text.refundDialogTitle}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <SelectField
          label={text.refundMethod}
          placeholder={text.selectMethod}
          options={refundMethodOptions(text)}
          value={refundMethod}
          onChange={(event) => setRefundMethod(event.target.value)}
          error={message(errors.refundMethod)}
        />
        <TextField
          label={text.refundNumber}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="01XXXXXXXXX"
          value={refundNumber}
          onChange={(event) => setRefundNumber(event.target.value)}
          error={message(errors.refundNumber)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {text.close}
          </Button>
          <Button type="submit" busy={busy}>
            {text.submitRefund}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function RefundAcceptedDialog({ onClose }: { onClose: () => void }) {
  const text = useMessages(accountText);
  return (
    <Dialog open onClose={onClose} title={text.refundAcceptedTitle}>
      <p className="text-gray-800">{text.refundAcceptedText}</p>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>{text.ok}</Button>
      </div>
    </Dialog>
  );
}

export function ReviewDialog({
  item,
  busy,
  onSubmit,
  onClose,
}: {
  item: OrderItem;
  busy: boolean;
  onSubmit: (review: { stars: number; text: string }) => void;
  onClose: () => void;
}) {
  const [stars, setStars] = useState(0);
  const [review, setReview] = useState('');
  const text = useMessages(accountText);
  const ready = canSubmitReview(stars, review);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit({ stars, text: review.trim() });
  };

  return (
    <Dialog open onClose={onClose} title={text.reviewProduct(item.productName)}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <ReviewFields stars={stars} onStarsChange={setStars} text={review} onTextChange={setReview} />
        <Button type="submit" className="self-end" disabled={!ready} busy={busy}>
          {text.submitReview}
        </Button>
      </form>
    </Dialog>
  );
}
