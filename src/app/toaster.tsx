import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterDemand } from '@/lib/notify';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** The toaster slot: empty until the first toast is raised, then sonner's toaster, loaded on demand. */
export function AppToaster() {
  // No toast on a page rendered on the server: the toaster is the browser's.
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
