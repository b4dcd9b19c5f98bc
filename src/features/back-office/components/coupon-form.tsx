import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { couponCreateSchema, type Coupon, type CouponCreateInput, type CouponUpdateInput } from '@contract/coupons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useAdminWrite } from '../api';
import { couponKeys } from '../lib/coupon-api';
import { changedFields, conflictField, COUPON_FIELDS, couponFormDefaults, numberOrNull, type CouponFormValues } from '../lib/coupon-form';
import { serverErrors } from '../lib/server-errors';
import { OfflineWriteMessage, useWriteGuard } from './offline-write-guard';

const TEXT = {
  code: 'Code',
  codeHint: 'Letters, digits, - and _; shoppers may type it in any case.',
  kind: 'Kind of discount',
  percent: 'Percent off',
  fixed: 'Taka off',
  value: { percent: 'Discount (%)', fixed: 'Discount (৳)' },
  minOrder: 'Minimum order (৳)',
  minOrderHint: "The items' total before delivery; empty for any order.",
  validFrom: 'Valid from',
  validFromHint: 'From the first moment of that day in Bangladesh; empty for from now.',
  validTo: 'Valid until',
  validToHint: 'To the last moment of that day; empty for no end.',
  usageLimit: 'Total limit',
  usageLimitHint: 'Orders in all; empty for no limit.',
  perCustomerLimit: 'Per-customer limit',
  perCustomerLimitHint: 'Orders by one customer; empty for no limit.',
  create: 'Create coupon',
  save: 'Save changes',
  created: (code: string) => `Coupon ${code} created`,
  saved: (code: string) => `Coupon ${code} saved`,
  unchanged: 'Nothing was changed',
  failed: 'The coupon could not be saved',
};

type SaveVariables = { id?: string; body: CouponCreateInput | CouponUpdateInput };

type CouponFormProps = {
  /** The coupon being changed; none for a new one. */
  coupon?: Coupon;
  /** After a successful save. */
  onDone: () => void;
};

/**
 * A coupon's terms, checked with the server's own schema before sending. A new coupon sends every field (null for an
 * empty minimum, limit or date); an edit only those changed. The server's messages show beside their field.
 */
export function CouponForm({ coupon, onDone }: CouponFormProps) {
  const [defaults] = useState(() => couponFormDefaults(coupon));
  const { register, handleSubmit, setError, getValues, control, formState } = useForm<CouponFormValues, unknown, CouponCreateInput>({
    // The schema reads the date inputs' text as it reads the request's; its input type says `unknown` for them.
    resolver: zodResolver(couponCreateSchema) as Resolver<CouponFormValues, unknown, CouponCreateInput>,
    defaultValues: defaults,
  });
  const kind = useWatch({ control, name: 'kind' });
  const [formError, setFormError] = useState<string>();
  const { guard, refused } = useWriteGuard();
  const save = useAdminWrite(
    ({ id, body }: SaveVariables) => (id ? { path: `/coupons/${encodeURIComponent(id)}`, method: 'PUT', body } : { path: '/coupons', method: 'POST', body }),
    () => [couponKeys.all],
  );

  const submit = handleSubmit((valid) => {
    const body = coupon ? changedFields(valid, getValues(), defaults) : valid;
    if (coupon && Object.keys(body).length === 0) {
      notify.success(TEXT.unchanged);
      onDone();
      return;
    }
    guard(() => {
      setFormError(undefined);
      save.mutate(
        { id: coupon?._id, body },
        {
          onSuccess: () => {
            notify.success(coupon ? TEXT.saved(valid.code) : TEXT.created(valid.code));
            onDone();
          },
          onError: (error) => {
            const { fields, form } = serverErrors(error, TEXT.failed);
            const conflict = error instanceof ApiError && error.status === 409 ? conflictField(error.message, body, coupon) : undefined;
            if (conflict) fields[conflict] = error.message;
            let shown = false;
            for (const field of COUPON_FIELDS) {
              if (!fields[field]) continue;
              setError(field, { message: fields[field] }, { shouldFocus: !shown });
              shown = true;
            }
            setFormError(conflict ? undefined : form);
          },
        },
      );
    });
  });

  const errors = formState.errors;
  const optionalNumber = { setValueAs: numberOrNull };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField label={TEXT.code} hint={TEXT.codeHint} autoCapitalize="characters" autoComplete="off" error={errors.code?.message} {...register('code')} />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-gray-800">{TEXT.kind}</legend>
        <div className="flex flex-wrap gap-x-4">
          {(['percent', 'fixed'] as const).map((option) => (
            <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2 text-base text-gray-900">
              <input type="radio" value={option} className="size-5 accent-brand-700" {...register('kind')} />
              {TEXT[option]}
            </label>
          ))}
        </div>
        {errors.kind && <p className="text-sm text-red-700">{errors.kind.message}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={TEXT.value[kind]}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          error={errors.value?.message}
          {...register('value', { valueAsNumber: true })}
        />
        <TextField
          label={TEXT.minOrder}
          hint={TEXT.minOrderHint}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          error={errors.minOrder?.message}
          {...register('minOrder', optionalNumber)}
        />
        <TextField label={TEXT.validFrom} hint={TEXT.validFromHint} type="date" error={errors.validFrom?.message} {...register('validFrom')} />
        <TextField label={TEXT.validTo} hint={TEXT.validToHint} type="date" error={errors.validTo?.message} {...register('validTo')} />
        <TextField
          label={TEXT.usageLimit}
          hint={TEXT.usageLimitHint}
          type="number"
          inputMode="numeric"
          min={1}
          step="1"
          error={errors.usageLimit?.message}
          {...register('usageLimit', optionalNumber)}
        />
        <TextField
          label={TEXT.perCustomerLimit}
          hint={TEXT.perCustomerLimitHint}
          type="number"
          inputMode="numeric"
          min={1}
          step="1"
          error={errors.perCustomerLimit?.message}
          {...register('perCustomerLimit', optionalNumber)}
        />
      </div>
      <OfflineWriteMessage message={refused} />
      {formError && <Alert>{formError}</Alert>}
      <Button type="submit" busy={save.isPending} className="self-start">
        {coupon ? TEXT.save : TEXT.create}
      </Button>
    </form>
  );
}
