import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextArea, TextField } from '@/components/text-field';
import type { CheckoutFormInput } from '../lib/form';
import { useLocations } from '@/lib/use-locations';
import { SelectField } from '@/components/select-field';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { checkoutText } from '@/messages/checkout';

/** Phone, address and the cascading Division → District → City/Upazila selects (a new choice clears those below). */
export function DeliveryFields() {
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useFormContext<CheckoutFormInput>();
  const [division, district] = useWatch({ control, name: ['division', 'district'] });
  const locations = useLocations();
  const text = useMessages(checkoutText);
  const message = useValidationMessage();
  const LOADING = text.loading;
  const ready = locations.status === 'ready' ? locations.locations : null;
  // A place restored (a reload, the default address) or chosen before the lists arrived is shown once its option exists.
  useEffect(() => {
    if (!ready) return;
    for (const name of ['division', 'district', 'city'] as const) setValue(name, getValues(name));
  }, [ready, division, district, getValues, setValue]);

  return (
    <section aria-labelledby="delivery-heading" className="space-y-4">
      <h2 id="delivery-heading" className="text-lg font-bold text-gray-900">
        {text.delivery}
      </h2>
      <TextField label={text.phone} type="tel" inputMode="numeric" autoComplete="tel" error={message(errors.phone?.message)} {...register('phone')} />
      <TextArea
        label={text.address}
        autoComplete="street-address"
        placeholder={text.addressPlaceholder}
        error={message(errors.addressDetails?.message)}
        {...register('addressDetails')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={text.division}
          placeholder={ready ? text.selectDivision : LOADING}
          options={ready?.divisions ?? []}
          disabled={!ready}
          error={message(errors.division?.message)}
          {...register('division', {
            onChange: () => {
              setValue('district', '');
              setValue('city', '');
            },
          })}
        />
        <SelectField
          label={text.district}
          placeholder={ready ? text.selectDistrict : LOADING}
          options={ready && division ? ready.districtsOf(division) : []}
          disabled={!ready || !division}
          error={message(errors.district?.message)}
          {...register('district', { onChange: () => setValue('city', '') })}
        />
        <SelectField
          label={text.city}
          placeholder={ready ? text.selectCity : LOADING}
          options={ready && district ? ready.citiesOf(district) : []}
          disabled={!ready || !district}
          error={message(errors.city?.message)}
          {...register('city')}
        />
      </div>
      {locations.status === 'error' && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          {text.placesFailed}
          <button type="button" onClick={locations.retry} className="min-h-11 font-semibold text-brand-700 underline">
            {text.tryAgain}
          </button>
        </p>
      )}
    </section>
  );
}
