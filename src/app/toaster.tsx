import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterDemand } from '@/lib/notify';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** The toaster slot: empty until the first toast is raised, then sonner's toaster, loaded on demand. */
export function AppToaster() {
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
