import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { deliveryFee, deliveryFeesSchema, type DeliveryFees } from '@contract/delivery';
import { formatTakaExact } from '@contract/money';
import { Button } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { TextField } from '@/components/text-field';
import { notify } from '@/lib/notify';
import { isWaitingForNetwork } from '@/lib/online';
import { adminDeliveryFeesQuery, backOfficeKeys, useAdminWrite } from '../api';
import { useWriteGuard, WriteProblem } from '../components/offline-write-guard';
import { serverErrors } from '../lib/server-errors';

const TITLE = 'Delivery fees';
const SAVED = 'Delivery fees saved';

/** The delivery fees inside and outside Dhaka. */
export function DeliveryFeesPage() {
  const fees = useQuery(adminDeliveryFeesQuery());
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <PageHead title={TITLE} />
      <h1 className="text-2xl font-bold text-gray-900">{TITLE}</h1>
      {isWaitingForNetwork(fees) ? (
        <OfflineNotice compact detail="The delivery fees have not been saved for offline use." />
      ) : fees.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <DeliveryFeesForm key={`${fees.data?.shippingFee}-${fees.data?.shippingFeeOutside}`} current={fees.data ?? null} />
      )}
    </div>
  );
}

function DeliveryFeesForm({ current }: { current: DeliveryFees | null }) {
  const { register, handleSubmit, setError, control, formState } = useForm<DeliveryFees>({
    resolver: zodResolver(deliveryFeesSchema),
    defaultValues: { shippingFee: current?.shippingFee ?? 0, shippingFeeOutside: current?.shippingFeeOutside ?? 0 },
  });
  const [formError, setFormError] = useState<string>();
  const { guard, refused } = useWriteGuard();
  const save = useAdminWrite((fees: DeliveryFees) => ({ path: '/shipping-fee/add', method: 'POST', body: fees }), () => [backOfficeKeys.deliveryFees]);
  const [shippingFee, shippingFeeOutside] = useWatch({ control, name: ['shippingFee', 'shippingFeeOutside'] });
  const shown = { shippingFee, shippingFeeOutside };

  const submit = handleSubmit((fees) =>
    guard(() => {
      setFormError(undefined);
      save.mutate(fees, {
        onSuccess: () => notify.success(SAVED),
        onError: (error) => {
          const { fields, form } = serverErrors(error, 'The delivery fees could not be saved');
          if (fields.shippingFee) setError('shippingFee', { message: fields.shippingFee });
          if (fields.shippingFeeOutside) setError('shippingFeeOutside', { message: fields.shippingFeeOutside });
          setFormError(form);
        },
      });
    }),
  );
  const number = { valueAsNumber: true } as const;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4">
      <TextField label="Inside Dhaka (৳)" type="number" inputMode="decimal" min={0} step="0.01" error={formState.errors.shippingFee?.message} {...register('shippingFee', number)} />
      <TextField
        label="Outside Dhaka (৳)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        error={formState.errors.shippingFeeOutside?.message}
        {...register('shippingFeeOutside', number)}
      />
      <section aria-label="What checkout charges" className="rounded-md bg-gray-50 p-3 text-sm text-gray-800">
        <p className="mb-1 text-xs font-semibold text-gray-600 uppercase">Preview</p>
        <p>An order delivered in the Dhaka division pays {feeText(deliveryFee('Dhaka', shown))} for delivery.</p>
        <p>An order delivered in any other division pays {feeText(deliveryFee('Sylhet', shown))}.</p>
      </section>
      <WriteProblem refused={refused} error={formError} />
      <Button type="submit" busy={save.isPending} className="self-start">
        Save delivery fees
      </Button>
    </form>
  );
}

const feeText = (fee: number) => (fee > 0 ? formatTakaExact(fee) : 'nothing');
