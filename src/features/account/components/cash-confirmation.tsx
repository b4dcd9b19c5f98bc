import { toAsciiDigits, toLocaleDigits } from '@contract/locale';
import { CASH_CODE_LENGTH, type Order } from '@contract/orders';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useFormat, useLocale, useMessages } from '@/i18n/react';
import { useApiMessage } from '@/lib/api-message';
import { notify } from '@/lib/notify';
import { accountText } from '@/messages/account';
import { useConfirmCashOrder, useResendCashCode } from '../api';

const CODE_PATTERN = new RegExp(`^\\d{${CASH_CODE_LENGTH}}$`);

/**
 * A cash order waiting for its confirmation: the code texted to the order's phone, typed in either digit set, and a
 * new code when the first did not come (the server allows one a minute).
 */
export function CashConfirmation({ order }: { order: Pick<Order, '_id' | 'phone'> }) {
  const text = useMessages(accountText);
  const locale = useLocale();
  const format = useFormat();
  const apiMessage = useApiMessage();
  const confirm = useConfirmCashOrder();
  const resend = useResendCashCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const invalid = text.confirmationCodeInvalid(format.count(CASH_CODE_LENGTH));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = toAsciiDigits(code);
    if (!CODE_PATTERN.test(typed)) {
      setError(invalid);
      return;
    }
    setError(undefined);
    // Not mutate's callbacks: the confirmed order replaces this form before they would run.
    confirm.mutateAsync({ orderId: order._id, code: typed }).then(
      () => notify.success(text.orderConfirmed),
      (failure: unknown) => setError(apiMessage(failure, invalid)),
    );
  };

  const sendAgain = () =>
    resend.mutate(order._id, {
      onSuccess: () => {
        setError(undefined);
        notify.success(text.newCodeSent);
      },
      onError: (failure) => setError(apiMessage(failure, text.sendNewCode)),
    });

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      className="mt-3 flex flex-col items-stretch gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 sm:items-start"
    >
      <h3 id={headingId} className="font-semibold text-gray-900">
        {text.awaitingConfirmation}
      </h3>
      <p className="text-sm text-gray-800">{text.confirmationHelp(toLocaleDigits(order.phone, locale))}</p>
      <TextField
        label={text.confirmationCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CASH_CODE_LENGTH}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value.trim())}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? text.confirmingOrder : text.confirmOrder}
        </Button>
        <Button variant="secondary" busy={resend.isPending} onClick={sendAgain}>
          {text.sendNewCode}
        </Button>
      </div>
    </form>
  );
}
