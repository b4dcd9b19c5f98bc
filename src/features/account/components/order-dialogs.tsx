import { formatTakaPrecise } from '@contract/money';
import { PAYMENT_METHOD_LABELS, type Order, type OrderItem } from '@contract/orders';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { ReviewFields } from '@/components/review-fields';
import { Dialog } from '@/components/dialog';
import { OrderTotals } from '@/components/order-parts';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { canSubmitReview, REFUND_METHOD_OPTIONS, validateRefund, type RefundFormValues } from '../lib/forms';
import { shortId } from '../lib/orders';
import { ItemThumb } from './order-card';


export function OrderDetailsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const address = order.deliveryAddress;
  return (
    <Dialog open onClose={onClose} title={`Order #${shortId(order._id)}`}>
      <h3 className="text-sm font-semibold text-gray-900">Items</h3>
      <ul className="mt-1 divide-y divide-gray-100">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? 'gone'}-${index}`} className="flex items-center gap-3 py-2">
            <ItemThumb item={item} />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-gray-900">{item.productName}</p>
              <p className="text-sm text-gray-700">
                Qty {item.quantity}
                {item.size ? ` · Size ${item.size}` : ''}
                {item.color ? ` · Colour ${item.color}` : ''}
              </p>
            </div>
            <span className="font-semibold text-gray-900">{formatTakaPrecise(item.subTotal)}</span>
          </li>
        ))}
      </ul>
      <h3 className="mt-3 text-sm font-semibold text-gray-900">Delivery Address</h3>
      <p className="text-gray-800">{[address.addressDetails, address.city, address.district, address.division].filter(Boolean).join(', ')}</p>
      <h3 className="mt-3 text-sm font-semibold text-gray-900">Payment Method</h3>
      <p className="text-gray-800">{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</p>
      <OrderTotals order={order} className="mt-3" />
    </Dialog>
  );
}

export function CancelConfirmDialog({ order, busy, onConfirm, onClose }: { order: Order; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Cancel Order">
      <p className="text-gray-800">Are you sure you want to cancel order #{shortId(order._id)}?</p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button className="bg-red-700 hover:bg-red-800" busy={busy} onClick={onConfirm}>
          Yes, Cancel Order
        </Button>
      </div>
    </Dialog>
  );
}

export function RefundDialog({ busy, onSubmit, onClose }: { busy: boolean; onSubmit: (values: RefundFormValues) => void; onClose: () => void }) {
  const [refundMethod, setRefundMethod] = useState('');
  const [refundNumber, setRefundNumber] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof RefundFormValues, string>>>({});

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
    <Dialog open onClose={onClose} title="Cancel order and Submit Refund Request">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <SelectField
          label="Refund Method"
          placeholder="Select a method"
          options={REFUND_METHOD_OPTIONS}
          value={refundMethod}
          onChange={(event) => setRefundMethod(event.target.value)}
          error={errors.refundMethod}
        />
        <TextField
          label="Refund Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="01XXXXXXXXX"
          value={refundNumber}
          onChange={(event) => setRefundNumber(event.target.value)}
          error={errors.refundNumber}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" busy={busy}>
            Submit Refund Request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function RefundAcceptedDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Refund Request Accepted">
      <p className="text-gray-800">Your order has been cancelled and refund request accepted. It may take up to 48 hours to get the refund. Thank you.</p>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>OK</Button>
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
  const [text, setText] = useState('');
  const ready = canSubmitReview(stars, text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit({ stars, text: text.trim() });
  };

  return (
    <Dialog open onClose={onClose} title={`Review ${item.productName}`}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <ReviewFields stars={stars} onStarsChange={setStars} text={text} onTextChange={setText} />
        <Button type="submit" className="self-end" disabled={!ready} busy={busy}>
          Submit Review
        </Button>
      </form>
    </Dialog>
  );
}
