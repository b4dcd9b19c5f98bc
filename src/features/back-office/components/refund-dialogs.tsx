import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { refundRejectSchema, type AdminRefund } from '@contract/back-office-orders';
import { orderNumber } from '@contract/order-number';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { TextArea, TextField } from '@/components/text-field';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { refundDestination } from '@/lib/refund-methods';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import { useAdminWrite } from '../api';
import { adminRefundKeys, approveFormSchema, type ApproveFormValues } from '../lib/refunds';
import { serverErrors } from '../lib/server-errors';
import { useWriteGuard, WriteProblem } from './offline-write-guard';

const numberOf = (refund: AdminRefund) => orderNumber(refund.orderId._id);

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
  const text = useMessages(backOfficeOrdersText);
  return (
    <Dialog open={refund !== null} onClose={onClose} title={refund ? text.approveTitle(numberOf(refund)) : ''} closeLabel={text.cancel}>
      {refund && <ApproveForm key={refund._id} refund={refund} onClose={onClose} />}
    </Dialog>
  );
}

function ApproveForm({ refund, onClose }: { refund: AdminRefund; onClose: () => void }) {
  const text = useMessages(backOfficeOrdersText);
  const format = useFormat();
  const localize = useValidationMessage();
  const { write, refreshIfSettled } = useRefundSettle<ApproveFormValues>('approve');
  const { guard, refused } = useWriteGuard();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, control, setError, formState } = useForm<ApproveFormValues>({
    resolver: zodResolver(approveFormSchema),
    defaultValues: { payout: refund.gatewayRefundable ? 'gateway' : 'manual', reference: '' },
  });
  const payout = useWatch({ control, name: 'payout' });
  const amount = format.takaExact(refund.orderId.totalPrice);
  const to = refundDestination(refund, text, format.locale);

  const submit = handleSubmit((values) => {
    const body = values.payout === 'gateway' ? { payout: 'gateway' as const } : { payout: 'manual' as const, reference: values.reference };
    guard(() => {
      setFormError(undefined);
      write.mutate(
        { id: refund._id, body },
        {
          onSuccess: () => {
            notify.success(text.approved(numberOf(refund)));
            onClose();
          },
          onError: (error) => {
            refreshIfSettled(error);
            const { fields, form } = serverErrors(error, text.approveFailed);
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
          <legend className="mb-1 text-sm font-medium text-gray-800">{text.howItGoesBack}</legend>
          {(['gateway', 'manual'] as const).map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={choice} className="size-5 shrink-0 accent-brand-700" {...register('payout')} />
              <span className="text-gray-900">{choice === 'gateway' ? text.throughGateway : text.byHand(to)}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-gray-700">{text.noGateway}</p>
      )}
      <p className="text-gray-800">{payout === 'gateway' ? text.gatewayExplained(amount) : text.byHandExplained(amount, to)}</p>
      {payout === 'manual' && (
        <TextField label={text.transferId} autoComplete="off" error={localize(formState.errors.reference?.message)} {...register('reference')} />
      )}
      <WriteProblem refused={refused} error={localize(formError)} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button type="submit" busy={write.isPending}>
          {text.approveRefund}
        </Button>
      </div>
    </form>
  );
}

type RejectFormValues = { reason: string };

/** Rejects with the reason the customer is shown; the reason follows the server's rule (3 to 500 characters). */
export function RejectRefundDialog({ refund, onClose }: DialogProps) {
  const text = useMessages(backOfficeOrdersText);
  return (
    <Dialog open={refund !== null} onClose={onClose} title={refund ? text.rejectTitle(numberOf(refund)) : ''} closeLabel={text.cancel}>
      {refund && <RejectForm key={refund._id} refund={refund} onClose={onClose} />}
    </Dialog>
  );
}

function RejectForm({ refund, onClose }: { refund: AdminRefund; onClose: () => void }) {
  const text = useMessages(backOfficeOrdersText);
  const localize = useValidationMessage();
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
            notify.success(text.rejected(numberOf(refund)));
            onClose();
          },
          onError: (error) => {
            refreshIfSettled(error);
            const { fields, form } = serverErrors(error, text.rejectFailed);
            if (fields.reason) setError('reason', { message: fields.reason });
            setFormError(form);
          },
        },
      );
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextArea
        label={text.reasonForCustomer}
        hint={text.reasonHint}
        rows={4}
        maxLength={500}
        error={localize(formState.errors.reason?.message)}
        {...register('reason')}
      />
      <WriteProblem refused={refused} error={localize(formError)} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button type="submit" busy={write.isPending} className="bg-red-700 hover:bg-red-800">
          {text.rejectRefund}
        </Button>
      </div>
    </form>
  );
}
