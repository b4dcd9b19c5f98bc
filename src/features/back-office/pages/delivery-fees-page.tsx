import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { deliveryFee, deliveryFeesInputSchema, type DeliveryFees } from '@contract/delivery';
import { numberOfText, toLocaleDigits } from '@contract/locale';
import { Button } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { TextField } from '@/components/text-field';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { notify } from '@/lib/notify';
import { isWaitingForNetwork } from '@/lib/online';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { adminDeliveryFeesQuery, backOfficeKeys, useAdminWrite } from '../api';
import { useWriteGuard, WriteProblem } from '../components/offline-write-guard';
import { serverErrors } from '../lib/server-errors';

/** The fees as their inputs hold them: text, in either digit set. */
type DeliveryFeesForm = { shippingFee: string; shippingFeeOutside: string };

/** The delivery fees inside and outside Dhaka. */
export function DeliveryFeesPage() {
  const text = useMessages(backOfficeCatalogueText);
  const fees = useQuery(adminDeliveryFeesQuery());
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <PageHead title={text.deliveryFeesTitle} />
      <h1 className="text-2xl font-bold text-gray-900">{text.deliveryFeesTitle}</h1>
      {isWaitingForNetwork(fees) ? (
        <OfflineNotice compact detail={text.deliveryFeesNotSaved} />
      ) : fees.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <DeliveryFeesForm key={`${fees.data?.shippingFee}-${fees.data?.shippingFeeOutside}`} current={fees.data ?? null} />
      )}
    </div>
  );
}

/** What an input holds now as a fee, for the preview: nothing readable counts as 0. */
const typedFee = (typed: string | undefined) => {
  const fee = numberOfText(typed ?? '');
  return typeof fee === 'number' && Number.isFinite(fee) ? fee : 0;
};

function DeliveryFeesForm({ current }: { current: DeliveryFees | null }) {
  const text = useMessages(backOfficeCatalogueText);
  const format = useFormat();
  const localize = useValidationMessage();
  const { register, handleSubmit, setError, control, formState } = useForm<DeliveryFeesForm, unknown, DeliveryFees>({
    // The schema reads the inputs' text as it reads a request's; its input type says `unknown` for them.
    resolver: zodResolver(deliveryFeesInputSchema) as Resolver<DeliveryFeesForm, unknown, DeliveryFees>,
    defaultValues: {
      shippingFee: toLocaleDigits(String(current?.shippingFee ?? 0), format.locale),
      shippingFeeOutside: toLocaleDigits(String(current?.shippingFeeOutside ?? 0), format.locale),
    },
  });
  const [formError, setFormError] = useState<string>();
  const { guard, refused } = useWriteGuard();
  const save = useAdminWrite((fees: DeliveryFees) => ({ path: '/shipping-fee/add', method: 'POST', body: fees }), () => [backOfficeKeys.deliveryFees]);
  const [shippingFee, shippingFeeOutside] = useWatch({ control, name: ['shippingFee', 'shippingFeeOutside'] });
  const shown = { shippingFee: typedFee(shippingFee), shippingFeeOutside: typedFee(shippingFeeOutside) };
  const feeText = (fee: number) => (fee > 0 ? format.takaExact(fee) : text.nothing);

  const submit = handleSubmit((fees) =>
    guard(() => {
      setFormError(undefined);
      save.mutate(fees, {
        onSuccess: () => notify.success(text.deliveryFeesSaved),
        onError: (error) => {
          const { fields, form } = serverErrors(error, text.deliveryFeesFailed);
          if (fields.shippingFee) setError('shippingFee', { message: fields.shippingFee });
          if (fields.shippingFeeOutside) setError('shippingFeeOutside', { message: fields.shippingFeeOutside });
          setFormError(form);
        },
      });
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4">
      <TextField label={text.insideDhaka} inputMode="decimal" error={localize(formState.errors.shippingFee?.message)} {...register('shippingFee')} />
      <TextField label={text.outsideDhaka} inputMode="decimal" error={localize(formState.errors.shippingFeeOutside?.message)} {...register('shippingFeeOutside')} />
      <section aria-label={text.whatCheckoutCharges} className="rounded-md bg-gray-50 p-3 text-sm text-gray-800">
        <p className="mb-1 text-xs font-semibold text-gray-600 uppercase">{text.preview}</p>
        <p>{text.insideDhakaPays(feeText(deliveryFee('Dhaka', shown)))}</p>
        <p>{text.outsideDhakaPays(feeText(deliveryFee('Sylhet', shown)))}</p>
      </section>
      <WriteProblem refused={refused} error={localize(formError)} />
      <Button type="submit" busy={save.isPending} className="self-start">
        {text.saveDeliveryFees}
      </Button>
    </form>
  );
}
