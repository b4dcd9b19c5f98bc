import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { payAgain } from '@/lib/payment-retry';
import { useMessages } from '@/i18n/react';
import { validationMessageNow } from '@/i18n/validation';
import { paymentText } from '@/messages/payment';
import { Button, type ButtonVariant } from './button';

/** 'Pay now' for an order waiting for its online payment (My Orders, the failure page): on to the gateway's page. */
export function PayNowButton({ tranId, variant = 'primary', className }: { tranId: string; variant?: ButtonVariant; className?: string }) {
  const [leaving, setLeaving] = useState(false);
  const text = useMessages(paymentText);
  const pay = useMutation({
    mutationFn: payAgain,
    onSuccess: (url) => {
      setLeaving(true);
      window.location.assign(url);
    },
    onError: (error) =>
      notify.error(error instanceof ApiError && !error.isNetworkError && error.hasServerMessage ? validationMessageNow(error.message) : text.openFailed),
  });
  return (
    <Button variant={variant} className={className} busy={pay.isPending || leaving} onClick={() => pay.mutate(tranId)}>
      {text.payNow}
    </Button>
  );
}
