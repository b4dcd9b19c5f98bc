import { nameIn } from '@contract/bangla-names';
import type { Order } from '@contract/orders';
import {
  RETURN_REFUND_NUMBER_NEEDED,
  returnCreateSchema,
  returnNeedsRefundNumber,
  returnReasons,
  returnRefundAmount,
  type CustomerReturn,
  type ReturnReason,
} from '@contract/returns';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { Dialog } from '@/components/dialog';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { useApiMessage } from '@/lib/api-message';
import { refundDestination, refundMethodOptions } from '@/lib/refund-methods';
import { notify } from '@/lib/notify';
import { accountText } from '@/messages/account';
import type accountTexts from '@/messages/account/en';
import { returnWindowQuery, useRequestReturn, useReturns } from '../api';
import { shortId } from '../lib/orders';

const DAY_MS = 24 * 60 * 60 * 1000;

const REASON_KEYS = {
  damaged: 'reasonDamaged',
  'wrong-item': 'reasonWrongItem',
  'wrong-size': 'reasonWrongSize',
  'not-as-described': 'reasonNotAsDescribed',
  'changed-mind': 'reasonChangedMind',
  other: 'reasonOther',
} as const satisfies Record<ReturnReason, keyof typeof accountTexts>;

/** A delivered order's return: where it stands, or — within the window — the way to ask for one. Loaded only for delivered orders. */
export default function OrderReturn({ order }: { order: Order }) {
  const text = useMessages(accountText);
  const format = useFormat();
  const { data: returns } = useReturns();
  const { data: windowDays } = useQuery(returnWindowQuery);
  const [asking, setAsking] = useState(false);
  // The moment the card was shown: the window is read against it (a page left open past the end is refused by the server).
  const [shownAt] = useState(() => Date.now());
  const mine = returns?.find((r) => r.orderId === order._id);
  if (mine) return <ReturnSteps order={order} ret={mine} />;
  if (!returns || windowDays === undefined || !order.deliveredAt) return null;
  const until = new Date(order.deliveredAt).getTime() + windowDays * DAY_MS;
  if (windowDays === 0 || shownAt > until) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Button variant="secondary" className="px-2 text-sm sm:px-4 sm:text-base" onClick={() => setAsking(true)}>
        {text.returnItems}
      </Button>
      <p className="text-sm text-gray-700">{text.returnUntil(format.dateMdy(until))}</p>
      {asking && <ReturnDialog order={order} onClose={() => setAsking(false)} />}
    </div>
  );
}

function ReturnSteps({ order, ret }: { order: Order; ret: CustomerReturn }) {
  const text = useMessages(accountText);
  const format = useFormat();
  const amount = format.takaPrecise(ret.amount);
  const step = (() => {
    switch (ret.status) {
      case 'requested':
        return text.returnRequestedStep;
      case 'approved':
        return ret.pickup === 'courier' ? text.returnApprovedCourier : text.returnApprovedDropOff;
      case 'rejected':
        return text.returnRejectedStep(ret.rejectReason ?? '');
      case 'received':
        return text.returnReceivedStep(amount);
      case 'refunded':
        return ret.payout === 'manual' && ret.refundMethod && ret.refundNumber
          ? text.returnRefundedManual(
              amount,
              refundDestination({ refundMethod: ret.refundMethod, refundNumber: ret.refundNumber }, text, format.locale),
              ret.manualReference ?? '',
            )
          : text.returnRefundedGateway(amount);
    }
  })();
  const lines = ret.lines.map((line) => `${nameIn(format.locale, line.productName, line.productNameBn)} × ${format.count(line.quantity)}`).join(', ');
  return (
    <section aria-label={`${text.returnHeading} #${shortId(order._id)}`} className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-gray-900">
      <h3 className="font-semibold">{text.returnHeading}</h3>
      <p role="status" className="mt-1 text-sm break-words">
        {step}
      </p>
      <p className="mt-1 text-sm break-words text-gray-800">{text.returnLinesOf(lines)}</p>
    </section>
  );
}

type Picked = Record<number, number>;

function ReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const text = useMessages(accountText);
  const format = useFormat();
  const message = useValidationMessage();
  const apiMessage = useApiMessage();
  const request = useRequestReturn();
  const [picked, setPicked] = useState<Picked>({});
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [refundMethod, setRefundMethod] = useState('');
  const [refundNumber, setRefundNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const needsNumber = returnNeedsRefundNumber(order.paymentMethod);
  const lines = Object.entries(picked).map(([line, quantity]) => ({ line: Number(line), quantity }));
  const estimate = lines.length && reason ? returnRefundAmount(order, lines, reason as ReturnReason) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = returnCreateSchema.safeParse({ orderId: order._id, lines, reason, note, ...(needsNumber ? { refundMethod, refundNumber } : {}) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message])));
      return;
    }
    if (needsNumber && !parsed.data.refundNumber) {
      setErrors({ refundNumber: RETURN_REFUND_NUMBER_NEEDED });
      return;
    }
    setErrors({});
    request.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(text.returnSent);
        onClose();
      },
      onError: (error) => notify.error(apiMessage(error, text.returnFailed)),
    });
  };

  return (
    <Dialog open onClose={onClose} title={text.returnTitle(shortId(order._id))}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <fieldset>
          <legend className="font-semibold text-gray-900">{text.returnWhich}</legend>
          <ul className="mt-1 flex flex-col gap-2">
            {order.items.map((item, index) => {
              const name = nameIn(format.locale, item.productName, item.productNameBn);
              const chosen = picked[index] !== undefined;
              return (
                <li key={`${item.productId ?? 'gone'}-${index}`} className="flex flex-wrap items-center gap-2">
                  <label className="flex min-h-11 min-w-0 flex-1 items-center gap-2">
                    <Checkbox
                      checked={chosen}
                      onChange={(event) => setPicked(({ [index]: _dropped, ...rest }) => (event.target.checked ? { ...rest, [index]: item.quantity } : rest))}
                    />
                    <span className="min-w-0 break-words">{name}</span>
                  </label>
                  {chosen && item.quantity > 1 && (
                    <SelectField
                      label={text.returnQuantity(name)}
                      placeholder={text.returnQuantity(name)}
                      value={String(picked[index])}
                      onChange={(event) => setPicked((current) => ({ ...current, [index]: Number(event.target.value) }))}
                      options={Array.from({ length: item.quantity }, (_, n) => ({ value: String(n + 1), label: format.count(n + 1) }))}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {errors.lines && <p className="mt-1 text-sm text-red-700">{message(errors.lines)}</p>}
        </fieldset>
        <SelectField
          label={text.returnWhy}
          placeholder={text.returnWhy}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          options={returnReasons.map((code) => ({ value: code, label: text[REASON_KEYS[code]] }))}
          error={message(errors.reason)}
        />
        <TextField label={text.returnNote} value={note} maxLength={300} onChange={(event) => setNote(event.target.value)} error={message(errors.note)} />
        {needsNumber && (
          <>
            <SelectField
              label={text.returnPayBackTo}
              placeholder={text.returnPayBackTo}
              value={refundMethod}
              onChange={(event) => setRefundMethod(event.target.value)}
              options={refundMethodOptions(text)}
              error={message(errors.refundMethod)}
            />
            <TextField
              label={text.returnPayBackNumber}
              inputMode="tel"
              autoComplete="tel"
              value={refundNumber}
              onChange={(event) => setRefundNumber(event.target.value)}
              error={message(errors.refundNumber)}
            />
          </>
        )}
        {estimate !== null && <p className="font-semibold text-gray-900">{text.returnEstimate(format.takaPrecise(estimate))}</p>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {text.close}
          </Button>
          <Button type="submit" busy={request.isPending}>
            {text.returnSend}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
