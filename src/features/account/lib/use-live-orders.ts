import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiEventStream, ApiError } from '@/lib/api';
import { useOnline } from '@/lib/online';
import { readServerEvents } from '@/lib/server-events';
import { accountKeys } from '../api';

/** The wait before opening the stream again, growing with each failure in a row up to the last. */
const REOPEN_AFTER_MS = [1_000, 3_000, 10_000, 30_000, 60_000];

/**
 * While the page is open and online, the customer's orders follow the shop's changes within seconds: the server's
 * stream of their orders' changes (`GET /api/order/events`) reads the list again at each one. The stream ends now and
 * then (the server bounds its life, a process restarts) and is opened again; the list is read again then, for what
 * came meanwhile. Offline nothing is asked; a focus reads the list again as well (its staleTime is 0).
 */
export function useLiveOrders(userId: string | undefined): void {
  const queryClient = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    if (!userId || !online) return;
    const abort = new AbortController();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.orders(userId) });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let opened = 0;
    const open = async () => {
      try {
        const stream = await apiEventStream('/order/events', { signal: abort.signal });
        failures = 0;
        if (opened++ > 0) refresh();
        await readServerEvents(stream, (event) => {
          if (event === 'order') refresh();
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        // Refused for good (signed out, no such stream): nothing to follow. Too many open, or the server busy: later.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return;
        failures += 1;
      }
      if (!abort.signal.aborted) timer = setTimeout(() => void open(), REOPEN_AFTER_MS[Math.min(failures, REOPEN_AFTER_MS.length - 1)]);
    };
    void open();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [userId, online, queryClient]);
}
