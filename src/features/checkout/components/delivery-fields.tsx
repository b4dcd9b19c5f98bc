import { useFormContext, useWatch } from 'react-hook-form';
import { TextArea, TextField } from '@/components/text-field';
import type { CheckoutFormInput } from '../lib/form';
import { useLocations } from '../lib/use-locations';
import { SelectField } from '@/components/select-field';

const LOADING = 'Loading...';

/** Phone, address and the cascading Division → District → City/Upazila selects (a new choice clears those below). */
export function DeliveryFields() {
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = useFormContext<CheckoutFormInput>();
  const [division, district] = useWatch({ control, name: ['division', 'district'] });
  const locations = useLocations();
  const ready = locations.status === 'ready' ? locations.locations : null;

  return (
    <section aria-labelledby="delivery-heading" className="space-y-4">
      <h2 id="delivery-heading" className="text-lg font-bold text-gray-900">
        Delivery
      </h2>
      <TextField label="Phone Number" type="tel" inputMode="numeric" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <TextArea
        label="Shipping Address"
        autoComplete="street-address"
        placeholder="Street, house, area..."
        error={errors.addressDetails?.message}
        {...register('addressDetails')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Division"
          placeholder={ready ? 'Select division' : LOADING}
          options={ready?.divisions ?? []}
          disabled={!ready}
          error={errors.division?.message}
          {...register('division', {
            onChange: () => {
              setValue('district', '');
              setValue('city', '');
            },
          })}
        />
        <SelectField
          label="District"
          placeholder={ready ? 'Select district' : LOADING}
          options={ready && division ? ready.districtsOf(division) : []}
          disabled={!ready || !division}
          error={errors.district?.message}
          {...register('district', { onChange: () => setValue('city', '') })}
        />
        <SelectField
          label="City/Upazila"
          placeholder={ready ? 'Select city/upazila' : LOADING}
          options={ready && district ? ready.citiesOf(district) : []}
          disabled={!ready || !district}
          error={errors.city?.message}
          {...register('city')}
        />
      </div>
      {locations.status === 'error' && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          Could not load the list of places.
          <button type="button" onClick={locations.retry} className="min-h-11 font-semibold text-brand-700 underline">
            Try again
          </button>
        </p>
      )}
    </section>
  );
}
