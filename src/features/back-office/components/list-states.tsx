import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { OfflineNotice } from '@/components/offline-notice';
import { Skeleton } from '@/components/skeleton';
import { isWaitingForNetwork, useOnline } from '@/lib/online';

export type ListStatesProps<Data> = {
  query: UseQueryResult<Data>;
  /** Why nothing is shown when the list could not be loaded. */
  failed: ReactNode;
  /** Offline and never loaded: what was not saved, e.g. 'The coupons have not been saved for offline use.' */
  notSaved?: string;
  /** Offline with a list seen before, e.g. 'You are offline — showing the coupons as you saw them last.' */
  offlineList?: string;
  /** The loading placeholder's size. */
  skeletonClassName?: string;
  children: (data: Data) => ReactNode;
};

/**
 * A back-office list's states: offline and never loaded, loading, failed, or the list. A list seen before stays,
 * even when loading it again fails, and says it may be old while offline.
 */
export function ListStates<Data>({ query, failed, notSaved, offlineList, skeletonClassName = 'h-64 w-full', children }: ListStatesProps<Data>) {
  const online = useOnline();
  const data = query.data;
  return (
    <div className="flex flex-col gap-3">
      {!online && data !== undefined && offlineList && <p className="text-sm text-gray-700">{offlineList}</p>}
      {isWaitingForNetwork(query) ? (
        <OfflineNotice compact detail={notSaved} />
      ) : query.isPending ? (
        <Skeleton className={skeletonClassName} />
      ) : data === undefined ? (
        <Alert>{failed}</Alert>
      ) : (
        children(data)
      )}
    </div>
  );
}
