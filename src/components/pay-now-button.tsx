import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { payAgain } from '@/lib/payment-retry';
import { Button, type ButtonVariant } from './button';

/** 'Pay now' for an order waiting for its online payment (My Orders, the failure page): on to the gateway's page. */
export function PayNowButton({ tranId, variant = 'primary', className }: { tranId: string; variant?: ButtonVariant; className?: string }) {
  const [leaving, setLeaving] = useState(false);
  const pay = useMutation({
    mutationFn: payAgain,
    onSuccess: (url) => {
      setLeaving(true);
      window.location.assign(url);
    },
    onError: (error) =>
      notify.error(error instanceof ApiError && !error.isNetworkError && error.hasServerMessage ? error.message : 'The payment page could not be opened. Please try again.'),
  });
  return (
    <Button variant={variant} className={className} busy={pay.isPending || leaving} onClick={() => pay.mutate(tranId)}>
      Pay now
    </Button>
  );
}
