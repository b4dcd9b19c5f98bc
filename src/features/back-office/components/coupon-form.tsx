import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { numberOfText } from '@contract/locale';
import { couponCreateSchema, type Coupon, type CouponCreateInput, type CouponUpdateInput } from '@contract/coupons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { backOfficePeopleText } from '@/messages/back-office-people';
import { useAdminWrite } from '../api';
import { couponKeys } from '../lib/coupon-api';
import { changedFields, conflictField, COUPON_FIELDS, couponFormDefaults, numberOrNull, type CouponFormValues } from '../lib/coupon-form';
import { serverErrors } from '../lib/server-errors';
import { OfflineWriteMessage, useWriteGuard } from './offline-write-guard';

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
  const text = useMessages(backOfficePeopleText);
  const localize = useValidationMessage();
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
      notify.success(text.unchanged);
      onDone();
      return;
    }
    guard(() => {
      setFormError(undefined);
      save.mutate(
        { id: coupon?._id, body },
        {
          onSuccess: () => {
            notify.success(coupon ? text.couponSaved(valid.code) : text.couponCreated(valid.code));
            onDone();
          },
          onError: (error) => {
            const { fields, form } = serverErrors(error, text.couponSaveFailed);
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
      <TextField
        label={text.code}
        hint={text.codeHint}
        autoCapitalize="characters"
        autoComplete="off"
        error={localize(errors.code?.message)}
        {...register('code')}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-gray-800">{text.kind}</legend>
        <div className="flex flex-wrap gap-x-4">
          {(['percent', 'fixed'] as const).map((option) => (
            <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2 text-base text-gray-900">
              <input type="radio" value={option} className="size-5 accent-brand-700" {...register('kind')} />
              {option === 'percent' ? text.kindPercent : text.kindFixed}
            </label>
          ))}
        </div>
        {errors.kind && <p className="text-sm text-red-700">{localize(errors.kind.message)}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={kind === 'percent' ? text.valuePercent : text.valueFixed}
          inputMode="decimal"
          error={localize(errors.value?.message)}
          {...register('value', { setValueAs: numberOfText })}
        />
        <TextField
          label={text.minOrderTaka}
          hint={text.minOrderHint}
          inputMode="decimal"
          error={localize(errors.minOrder?.message)}
          {...register('minOrder', optionalNumber)}
        />
        <TextField label={text.validFrom} hint={text.validFromHint} type="date" error={localize(errors.validFrom?.message)} {...register('validFrom')} />
        <TextField label={text.validTo} hint={text.validToHint} type="date" error={localize(errors.validTo?.message)} {...register('validTo')} />
        <TextField
          label={text.usageLimit}
          hint={text.usageLimitHint}
          inputMode="numeric"
          error={localize(errors.usageLimit?.message)}
          {...register('usageLimit', optionalNumber)}
        />
        <TextField
          label={text.perCustomerLimit}
          hint={text.perCustomerLimitHint}
          inputMode="numeric"
          error={localize(errors.perCustomerLimit?.message)}
          {...register('perCustomerLimit', optionalNumber)}
        />
      </div>
      <OfflineWriteMessage message={refused} />
      {formError && <Alert>{localize(formError)}</Alert>}
      <Button type="submit" busy={save.isPending} className="self-start">
        {coupon ? text.saveChanges : text.createCoupon}
      </Button>
    </form>
  );
}
