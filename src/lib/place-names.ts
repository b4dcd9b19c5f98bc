import { useEffect, useState } from 'react';
import type { Locale } from '@contract/locale';
import { addressLine, type AddressPlaces, type PlaceNames } from '@contract/place-names';
import { useLocale } from '@/i18n/react';

/** English is the places' own; the Bangla names are a chunk only a Bangla page loads. */
const LOADERS: Record<Locale, () => Promise<PlaceNames | null>> = {
  en: async () => null,
  bn: async () => (await import('@contract/place-names-bn')).default,
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

/** The places' names in the language on screen once they have loaded: null in English, or until then. */
export function usePlaceNames(): PlaceNames | null {
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
  return names?.locale === locale ? names.names : null;
}

/**
 * An address as one line in the language on screen: an order keeps its places by their English names (the ones the
 * server validates); a Bangla screen names them in Bangla once those names have loaded, in English until then.
 */
export function useAddressLine(address: AddressPlaces): string {
  return addressLine(address, usePlaceNames());
}
