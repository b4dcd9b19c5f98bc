import { useCallback, useEffect, useState } from 'react';
import { loadLocations, type Locations } from './locations';

export type LocationsState = { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; locations: Locations };

/** The place lists, fetched as a separate chunk when checkout opens. */
export function useLocations(): LocationsState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LocationsState>({ status: 'loading' });
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    let live = true;
    loadLocations().then(
      (locations) => live && setState({ status: 'ready', locations }),
      () => live && setState({ status: 'error', retry }),
    );
    return () => {
      live = false;
    };
  }, [attempt, retry]);
  return state;
}
