import { useCallback, useEffect, useState } from 'react';
import { useLocale } from '@/i18n/react';
import { loadLocations, type Locations } from './locations';

export type LocationsState = { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; locations: Locations };

/** The place lists in the language on screen, fetched as a separate chunk when checkout opens (again on a switch). */
export function useLocations(): LocationsState {
  const locale = useLocale();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LocationsState>({ status: 'loading' });
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    let live = true;
    loadLocations(locale).then(
      (locations) => live && setState({ status: 'ready', locations }),
      () => live && setState({ status: 'error', retry }),
    );
    return () => {
      live = false;
    };
  }, [attempt, locale, retry]);
  return state;
}
