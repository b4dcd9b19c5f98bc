import { useEffect, useState } from 'react';
import type { Locale } from '@contract/locale';
import { useLocale } from '@/i18n/react';

/** The places' names in a language other than English, by their English names (cities by district: a name recurs). */
export type PlaceNames = {
  divisions: Record<string, string>;
  districts: Record<string, string>;
  cities: Record<string, Record<string, string>>;
};

/** English is the places' own; the Bangla names are a chunk only a Bangla page loads. */
const LOADERS: Record<Locale, () => Promise<PlaceNames | null>> = {
  en: async () => null,
  bn: async () => (await import('./place-names-bn')).default,
};

const loading = new Map<Locale, Promise<PlaceNames | null>>();

/** The places' names in `locale`, loaded once per visit; a failed load is forgotten so the next attempt tries again. */
export function loadPlaceNames(locale: Locale): Promise<PlaceNames | null> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]();
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

export type AddressPlaces = { addressDetails?: string; city?: string; district?: string; division?: string };

/** An address as one line, its places by their names in `names` (as stored, in English, without them). */
export function addressLine({ addressDetails, city, district, division }: AddressPlaces, names: PlaceNames | null): string {
  const cityName = city && district ? (names?.cities[district]?.[city] ?? city) : city;
  const districtName = district ? (names?.districts[district] ?? district) : district;
  const divisionName = division ? (names?.divisions[division] ?? division) : division;
  return [addressDetails, cityName, districtName, divisionName].filter(Boolean).join(', ');
}

/**
 * An address as one line in the language on screen: an order keeps its places by their English names (the ones the
 * server validates); a Bangla screen names them in Bangla once those names have loaded, in English until then.
 */
export function useAddressLine(address: AddressPlaces): string {
  const locale = useLocale();
  const [names, setNames] = useState<{ locale: Locale; names: PlaceNames | null } | null>(null);
  useEffect(() => {
    let live = true;
    loadPlaceNames(locale).then(
      (loaded) => live && setNames({ locale, names: loaded }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return addressLine(address, names?.locale === locale ? names.names : null);
}
