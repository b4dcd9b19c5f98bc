import type { DehydratedState } from '@tanstack/react-query';

/** A successful query as the persister saves it. */
export function savedQuery(key: string, dataUpdatedAt: number, data: unknown = key): DehydratedState['queries'][number] {
  return {
    queryKey: [key],
    queryHash: JSON.stringify([key]),
    dehydratedAt: dataUpdatedAt,
    state: {
      data,
      dataUpdateCount: 1,
      dataUpdatedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  };
}

/** An action queued while offline (a paused mutation) as the persister saves it. */
export function queuedAction(mutationKey: string[], variables: unknown): DehydratedState['mutations'][number] {
  return {
    mutationKey,
    state: {
      context: undefined,
      data: undefined,
      error: null,
      failureCount: 0,
      failureReason: null,
      isPaused: true,
      status: 'pending',
      variables,
      submittedAt: 1,
    },
  };
}
