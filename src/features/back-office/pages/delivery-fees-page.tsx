import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { deliveryZonesSchema, type DeliveryZones, type ZoneFees } from '@contract/delivery';
import { toLocaleDigits } from '@contract/locale';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { TextField } from '@/components/text-field';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import type { Locations } from '@/lib/locations';
import { notify } from '@/lib/notify';
import { isWaitingForNetwork } from '@/lib/online';
import { useLocations } from '@/lib/use-locations';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { adminDeliveryZonesQuery, backOfficeKeys, useAdminWrite } from '../api';
import { useWriteGuard, WriteProblem } from '../components/offline-write-guard';
import { serverErrors } from '../lib/server-errors';

/** A zone as its inputs hold it: fees as text in either digit set, an empty threshold for none. */
type ZoneForm = { name: string; districts: string[]; fee: string; freeFrom: string };
type ZonesForm = { zones: ZoneForm[]; otherDistricts: { fee: string; freeFrom: string } };

/** The delivery zones: each a set of districts with its fee and free-delivery threshold, and every other district's. */
export function DeliveryFeesPage() {
  const text = useMessages(backOfficeCatalogueText);
  const zones = useQuery(adminDeliveryZonesQuery());
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHead title={text.deliveryFeesTitle} />
      <h1 className="text-2xl font-bold text-gray-900">{text.deliveryFeesTitle}</h1>
      <p className="text-gray-700">{text.deliveryZonesIntro}</p>
      {isWaitingForNetwork(zones) ? (
        <OfflineNotice compact detail={text.deliveryFeesNotSaved} />
      ) : zones.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <DeliveryZonesForm key={JSON.stringify(zones.data)} current={zones.data ?? null} />
      )}
    </div>
  );
}

function DeliveryZonesForm({ current }: { current: DeliveryZones | null }) {
  const text = useMessages(backOfficeCatalogueText);
  const format = useFormat();
  const localize = useValidationMessage();
  const locations = useLocations();
  const typed = (amount: number | null) => (amount === null ? '' : toLocaleDigits(String(amount), format.locale));
  const feesForm = (fees: ZoneFees) => ({ fee: typed(fees.fee), freeFrom: typed(fees.freeFrom) });
  const { register, handleSubmit, setError, control, formState } = useForm<ZonesForm, unknown, DeliveryZones>({
    // The schema reads the inputs' text as it reads a request's; its input type says `unknown` for them.
    resolver: zodResolver(deliveryZonesSchema) as Resolver<ZonesForm, unknown, DeliveryZones>,
    defaultValues: {
      zones: (current?.zones ?? []).map((zone) => ({ name: zone.name, districts: zone.districts, ...feesForm(zone) })),
      otherDistricts: feesForm(current?.otherDistricts ?? { fee: 0, freeFrom: null }),
    },
  });
  const zones = useFieldArray({ control, name: 'zones' });
  const [formError, setFormError] = useState<string>();
  const { guard, refused } = useWriteGuard();
  const save = useAdminWrite(
    (body: DeliveryZones) => ({ path: '/delivery-zones', method: 'PUT', body }),
    () => [backOfficeKeys.deliveryZones],
  );
  const errors = formState.errors;

  const submit = handleSubmit((body) =>
    guard(() => {
      setFormError(undefined);
      save.mutate(body, {
        onSuccess: () => notify.success(text.deliveryFeesSaved),
        onError: (error) => {
          const { fields, form } = serverErrors(error, text.deliveryFeesFailed);
          const named = Object.entries(fields);
          for (const [path, message] of named) setError(path.replace(/\.districts\.\d+$/, '.districts') as `zones.${number}.districts`, { message });
          setFormError(form ?? (named.length > 0 ? undefined : text.deliveryFeesFailed));
        },
      });
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {zones.fields.map((field, index) => (
        <fieldset key={field.id} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
          <legend className="px-1 font-semibold text-gray-900">{text.zoneNumber(format.count(index + 1))}</legend>
          <TextField label={text.zoneName} error={localize(errors.zones?.[index]?.name?.message)} {...register(`zones.${index}.name`)} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={text.zoneFee} inputMode="decimal" error={localize(errors.zones?.[index]?.fee?.message)} {...register(`zones.${index}.fee`)} />
            <TextField
              label={text.freeFrom}
              hint={text.freeFromHint}
              inputMode="decimal"
              error={localize(errors.zones?.[index]?.freeFrom?.message)}
              {...register(`zones.${index}.freeFrom`)}
            />
          </div>
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-gray-800">{text.zoneDistricts}</legend>
            {locations.status === 'ready' ? (
              <DistrictChoices locations={locations.locations} name={`zones.${index}.districts`} register={register} />
            ) : locations.status === 'error' ? (
              <Button type="button" variant="ghost" onClick={locations.retry}>
                {text.districtsRetry}
              </Button>
            ) : (
              <Skeleton className="h-24 w-full" />
            )}
            {errors.zones?.[index]?.districts?.message && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {localize(errors.zones[index].districts.message)}
              </p>
            )}
          </fieldset>
          <Button type="button" variant="secondary" className="self-start" onClick={() => zones.remove(index)}>
            {text.removeZone}
          </Button>
        </fieldset>
      ))}
      <Button type="button" variant="secondary" className="self-start" onClick={() => zones.append({ name: '', districts: [], fee: '', freeFrom: '' })}>
        {text.addZone}
      </Button>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
        <legend className="px-1 font-semibold text-gray-900">{text.otherDistricts}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={text.zoneFee} inputMode="decimal" error={localize(errors.otherDistricts?.fee?.message)} {...register('otherDistricts.fee')} />
          <TextField
            label={text.freeFrom}
            hint={text.freeFromHint}
            inputMode="decimal"
            error={localize(errors.otherDistricts?.freeFrom?.message)}
            {...register('otherDistricts.freeFrom')}
          />
        </div>
      </fieldset>
      <WriteProblem refused={refused} error={localize(formError)} />
      <Button type="submit" busy={save.isPending} className="self-start">
        {text.saveDeliveryFees}
      </Button>
    </form>
  );
}

/** Every district, by division, as a checkbox of the zone's list. */
function DistrictChoices({
  locations,
  name,
  register,
}: {
  locations: Locations;
  name: `zones.${number}.districts`;
  register: ReturnType<typeof useForm<ZonesForm, unknown, DeliveryZones>>['register'];
}) {
  return (
    <div className="mt-1 flex flex-col gap-2">
      {locations.divisions.map((division) => (
        <details key={division.value} className="rounded-md border border-gray-200">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium text-gray-900">{division.label}</summary>
          <ul className="grid grid-cols-1 px-2 pb-2 sm:grid-cols-2">
            {locations.districtsOf(division.value).map((district) => (
              <li key={district.value}>
                <label className="flex items-center gap-1 text-sm text-gray-900">
                  <Checkbox value={district.value} {...register(name)} />
                  {district.label}
                </label>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
