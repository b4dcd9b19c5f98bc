import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { savedAddressInputSchema, type SavedAddress, type SavedAddressData, type SavedAddressInput } from '@contract/addresses';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { SelectField } from '@/components/select-field';
import { TextArea, TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { useLocations } from '@/lib/use-locations';
import { accountText } from '@/messages/account';

const EMPTY: SavedAddressInput = { phone: '', addressDetails: '', division: '', district: '', city: '', isDefault: false };

/** One delivery address: the checkout's fields (the places cascade: a new choice clears those below) and "default". */
export function AddressForm({
  address,
  busy,
  onSave,
  onCancel,
}: {
  address: SavedAddress | null;
  busy: boolean;
  onSave: (values: SavedAddressData) => void;
  onCancel: () => void;
}) {
  const text = useMessages(accountText);
  const message = useValidationMessage();
  const locations = useLocations();
  const ready = locations.status === 'ready' ? locations.locations : null;
  const { register, handleSubmit, setValue, getValues, control, formState } = useForm<SavedAddressInput, unknown, SavedAddressData>({
    resolver: zodResolver(savedAddressInputSchema),
    defaultValues: address ?? EMPTY,
  });
  const [division, district] = useWatch({ control, name: ['division', 'district'] });
  const { errors } = formState;
  // The address's places are shown once their options exist.
  useEffect(() => {
    if (!ready) return;
    for (const name of ['division', 'district', 'city'] as const) setValue(name, getValues(name));
  }, [ready, division, district, getValues, setValue]);
  return (
    <form
      noValidate
      aria-label={address ? text.editAddress : text.addAddress}
      onSubmit={(event) => void handleSubmit(onSave)(event)}
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <TextField label={text.addressPhone} type="tel" inputMode="numeric" autoComplete="tel" error={message(errors.phone?.message)} {...register('phone')} />
      <TextArea label={text.addressDetails} autoComplete="street-address" error={message(errors.addressDetails?.message)} {...register('addressDetails')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={text.addressDivision}
          placeholder={ready ? text.chooseDivision : text.loadingPlaces}
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
          label={text.addressDistrict}
          placeholder={ready ? text.chooseDistrict : text.loadingPlaces}
          options={ready && division ? ready.districtsOf(division) : []}
          disabled={!ready || !division}
          error={message(errors.district?.message)}
          {...register('district', { onChange: () => setValue('city', '') })}
        />
        <SelectField
          label={text.addressCity}
          placeholder={ready ? text.chooseCity : text.loadingPlaces}
          options={ready && district ? ready.citiesOf(district) : []}
          disabled={!ready || !district}
          error={message(errors.city?.message)}
          {...register('city')}
        />
      </div>
      <label className="flex items-center gap-1 text-base text-gray-900">
        <Checkbox {...register('isDefault')} />
        {text.makeDefault}
      </label>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {text.saveAddress}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}
