import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { refundRejectSchema, type AdminRefund } from '@contract/back-office-orders';
import { formatTakaExact } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { TextArea, TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useAdminWrite } from '../api';
import { adminRefundKeys, approveFormSchema, REFUND_METHOD_LABELS, type ApproveFormValues } from '../lib/refunds';
import { serverErrors } from '../lib/server-errors';
import { useWriteGuard, WriteProblem } from './offline-write-guard';

const TEXT = {
  approveTitle: (refund: AdminRefund) => `Approve the refund of order #${orderNumber(refund.orderId._id)}`,
  rejectTitle: (refund: AdminRefund) => `Reject the refund of order #${orderNumber(refund.orderId._id)}`,
  howItGoesBack: 'How the money goes back',
  throughGateway: 'Through the payment gateway',
  gatewayExplained: (amount: string) => `${amount} goes back through the payment gateway to the account the customer paid from.`,
  byHand: (to: string) => `Sent by hand to ${to}`,
  byHandExplained: (amount: string, to: string) => `Send ${amount} by hand to ${to}, then enter the transaction id of the transfer.`,
  noGateway: 'The gateway cannot pay this one back: it never settled the payment.',
  reference: 'Transaction id of the transfer',
  approve: 'Approve refund',
  approved: (number: string) => `Refund of order #${number} approved`,
  approveFailed: 'The refund could not be approved',
  reason: 'Reason for the customer',
  reasonHint: 'The customer sees this on their Refund Request page.',
  reject: 'Reject refund',
  rejected: (number: string) => `Refund of order #${number} rejected`,
  rejectFailed: 'The refund could not be rejected',
  cancel: 'Cancel',
};

const refundTo = (refund: AdminRefund) => `${REFUND_METHOD_LABELS[refund.refundMethod]} ${refund.refundNumber}`;

/** A refund settled meanwhile (409) is no longer in this tab: the lists are read again whatever the answer. */
function useRefundSettle<Body>(action: 'approve' | 'reject') {
  const queryClient = useQueryClient();
  const write = useAdminWrite(
    ({ id, body }: { id: string; body: Body }) => ({ path: `/admin/refunds/${id}/${action}`, method: 'POST', body: body as object }),
    () => [adminRefundKeys.all],
  );
  const refreshIfSettled = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: adminRefundKeys.all });
  };
  return { write, refreshIfSettled };
}

type DialogProps = { refund: AdminRefund | null; onClose: () => void };

/** Says how the money goes back — through the gateway, or by hand to the customer's number with the transfer's id — and approves. */
export function ApproveRefundDialog({ refund, onClose }: DialogProps) {
  return (
    <Dialog open={refund !== null} onClose={onClose} title={refund ? TEXT.approveTitle(refund) : ''} closeLabel={TEXT.cancel}>
      {refund && <ApproveForm key={refund._id} refund={refund} onClose={onClose} />}
    </Dialog>
  );
}

function ApproveForm({ refund, onClose }: { refund: AdminRefund; onClose: () => void }) {
  const { write, refreshIfSettled } = useRefundSettle<ApproveFormValues>('approve');
  const { guard, refused } = useWriteGuard();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, control, setError, formState } = useForm<ApproveFormValues>({
    resolver: zodResolver(approveFormSchema),
    defaultValues: { payout: refund.gatewayRefundable ? 'gateway' : 'manual', reference: '' },
  });
  const payout = useWatch({ control, name: 'payout' });
  const amount = formatTakaExact(refund.orderId.totalPrice);
  const to = refundTo(refund);

  const submit = handleSubmit((values) => {
    const body = values.payout === 'gateway' ? { payout: 'gateway' as const } : { payout: 'manual' as const, reference: values.reference };
    guard(() => {
      setFormError(undefined);
      write.mutate(
        { id: refund._id, body },
        {
          onSuccess: () => {
            notify.success(TEXT.approved(orderNumber(refund.orderId._id)));
            onClose();
          },
          onError: (error) => {
            refreshIfSettled(error);
            const { fields, form } = serverErrors(error, TEXT.approveFailed);
            if (fields.reference) setError('reference', { message: fields.reference });
            setFormError(form ?? fields.payout);
          },
        },
      );
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {refund.gatewayRefundable ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-800">{TEXT.howItGoesBack}</legend>
          {(['gateway', 'manual'] as const).map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={choice} className="size-5 shrink-0 accent-brand-700" {...register('payout')} />
              <span className="text-gray-900">{choice === 'gateway' ? TEXT.throughGateway : TEXT.byHand(to)}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-gray-700">{TEXT.noGateway}</p>
      )}
      <p className="text-gray-800">{payout === 'gateway' ? TEXT.gatewayExplained(amount) : TEXT.byHandExplained(amount, to)}</p>
      {payout === 'manual' && <TextField label={TEXT.reference} autoComplete="off" error={formState.errors.reference?.message} {...register('reference')} />}
      <WriteProblem refused={refused} error={formError} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {TEXT.cancel}
        </Button>
        <Button type="submit" busy={write.isPending}>
          {TEXT.approve}
        </Button>
      </div>
    </form>
  );
}

type RejectFormValues = { reason: string };

/** Rejects with the reason the customer is shown; the reason follows the server's rule (3 to 500 characters). */
export function RejectRefundDialog({ refund, onClose }: DialogProps) {
  return (
    <Dialog open={refund !== null} onClose={onClose} title={refund ? TEXT.rejectTitle(refund) : ''} closeLabel={TEXT.cancel}>
      {refund && <RejectForm key={refund._id} refund={refund} onClose={onClose} />}
    </Dialog>
  );
}

function RejectForm({ refund, onClose }: { refund: AdminRefund; onClose: () => void }) {
  const { write, refreshIfSettled } = useRefundSettle<RejectFormValues>('reject');
  const { guard, refused } = useWriteGuard();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<RejectFormValues>({
    resolver: zodResolver(refundRejectSchema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit((values) => {
    guard(() => {
      setFormError(undefined);
      write.mutate(
        { id: refund._id, body: values },
        {
          onSuccess: () => {
            notify.success(TEXT.rejected(orderNumber(refund.orderId._id)));
            onClose();
          },
          onError: (error) => {
            refreshIfSettled(error);
            const { fields, form } = serverErrors(error, TEXT.rejectFailed);
            if (fields.reason) setError('reason', { message: fields.reason });
            setFormError(form);
          },
        },
      );
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextArea label={TEXT.reason} hint={TEXT.reasonHint} rows={4} maxLength={500} error={formState.errors.reason?.message} {...register('reason')} />
      <WriteProblem refused={refused} error={formError} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {TEXT.cancel}
        </Button>
        <Button type="submit" busy={write.isPending} className="bg-red-700 hover:bg-red-800">
          {TEXT.reject}
        </Button>
      </div>
    </form>
  );
}
