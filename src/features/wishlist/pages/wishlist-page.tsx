import { Link } from '@tanstack/react-router';
import { CircleAlert, Heart, RefreshCw, ShoppingBag, Trash2, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClassName } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { OfflineNotice } from '@/components/offline-notice';
import { Page } from '@/components/page';
import { Skeleton } from '@/components/skeleton';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { isWaitingForNetwork, useOnline } from '@/lib/online';
import { useCustomerId, useWishlist } from '../api';
import { useRemoveManyFromWishlist } from '../lib/list-changes';
import { bulkOutcome, keepPresent, toggleAll, toggleOne, type Selection } from '../lib/selection';
import { serverMessage } from '../lib/messages';
import { WishlistItem } from '../components/wishlist-item';
import { textsNow } from '@/i18n/messages';
import { useFormat, useMessages } from '@/i18n/react';
import { wishlistText } from '@/messages/wishlist';

/** Items whose images load at once; the rest wait until they are scrolled near. */
const EAGER_ITEMS = 4;
const SKELETON_ITEMS = 6;

const grid = 'grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3';

export function WishlistPage() {
  const text = useMessages(wishlistText);
  return (
    <Page title={text.title}>
      <WishlistContent />
    </Page>
  );
}

function WishlistContent() {
  const customerId = useCustomerId() ?? '';
  const wishlist = useWishlist();
  const removeMany = useRemoveManyFromWishlist(customerId);
  const [selection, setSelection] = useState<Selection>(new Set());
  const [refreshing, setRefreshing] = useState(false);
  const online = useOnline();
  const text = useMessages(wishlistText);
  const format = useFormat();

  if (isWaitingForNetwork(wishlist)) return <OfflineNotice detail={text.offlineDetail} />;
  if (wishlist.isPending) return <WishlistSkeleton />;
  // A list seen before stays on screen when a later read fails (offline, say); the card is for having nothing to show.
  if (wishlist.isError && !wishlist.data)
    return <WishlistError error={wishlist.error} retrying={wishlist.isFetching} onRetry={() => void wishlist.refetch()} />;

  const products = wishlist.data;
  if (products.length === 0) return <EmptyWishlist />;

  const ids = products.map((product) => product._id);
  const selected = keepPresent(selection, ids);

  const refresh = async () => {
    setRefreshing(true);
    const result = await wishlist.refetch();
    setRefreshing(false);
    const now = textsNow(wishlistText);
    if (result.isError) notify.error(serverMessage(result.error, now.loadFailed));
    else notify.success(now.refreshed);
  };

  const removeSelected = () => {
    const chosen = [...selected];
    removeMany.mutate(chosen, {
      onSuccess: (result) => {
        setSelection((current) => new Set([...current].filter((id) => !result.removed.includes(id))));
        const outcome = bulkOutcome(result);
        const now = textsNow(wishlistText);
        if (outcome.kind === 'all-removed') notify.success(now.removedCount(outcome.count, format.count(outcome.count)));
        else if (outcome.kind === 'some-failed') notify.error(now.someFailed);
      },
    });
  };

  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-gray-700" aria-live="polite">
          {text.saved(products.length, format.count(products.length))}
        </p>
        {/* Offline a refresh would wait, busy, for the connection to come back. */}
        <Button variant="ghost" onClick={() => void refresh()} busy={refreshing} disabled={!online}>
          <RefreshCw aria-hidden="true" className="size-5" />
          {text.refresh}
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-1">
        <SelectAll selectedCount={selected.size} total={ids.length} onChange={() => setSelection(toggleAll(selected, ids))} />
        <Button variant="secondary" onClick={removeSelected} disabled={selected.size === 0} busy={removeMany.isPending}>
          <Trash2 aria-hidden="true" className="size-5" />
          {text.removeSelected(format.count(selected.size))}
        </Button>
      </div>
      <ul className={`mt-4 ${grid}`}>
        {products.map((product, index) => (
          <WishlistItem
            key={product._id}
            product={product}
            customerId={customerId}
            selected={selected.has(product._id)}
            onSelectedChange={() => setSelection(toggleOne(selected, product._id))}
            priority={index < EAGER_ITEMS}
          />
        ))}
      </ul>
      <div className="mt-6 flex justify-center">
        <Link to="/products" className={buttonClassName('secondary')}>
          <ShoppingBag aria-hidden="true" className="size-5" />
          {text.continueShopping}
        </Link>
      </div>
    </div>
  );
}

function SelectAll({ selectedCount, total, onChange }: { selectedCount: number; total: number; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const text = useMessages(wishlistText);
  const format = useFormat();
  // "Some selected" has no HTML attribute; it is a property, so it is set on the element.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selectedCount > 0 && selectedCount < total;
  }, [selectedCount, total]);
  return (
    <label className="-ml-3 flex min-h-11 cursor-pointer items-center text-sm font-medium text-gray-800">
      <Checkbox ref={ref} checked={total > 0 && selectedCount === total} onChange={onChange} />
      {text.selectAll(format.count(selectedCount), format.count(total))}
    </label>
  );
}

function WishlistSkeleton() {
  const text = useMessages(wishlistText);
  return (
    <div className="mt-4" role="status" aria-label={text.loading}>
      <div className="flex items-center justify-between">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-11 w-28" />
      </div>
      <Skeleton className="mt-2 h-[3.25rem] w-full rounded-lg" />
      <div className={`mt-4 ${grid}`}>
        {Array.from({ length: SKELETON_ITEMS }, (_, i) => (
          <div key={i} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3">
            <div className="flex gap-3">
              <Skeleton className="size-28 shrink-0" />
              <div className="flex flex-1 flex-col gap-2 pt-1">
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-4 w-1/4" />
              </div>
            </div>
            <Skeleton className="h-11 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

function WishlistError({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  const offline = error instanceof ApiError && error.isNetworkError;
  const text = useMessages(wishlistText);
  const Icon = offline ? WifiOff : CircleAlert;
  return (
    <div role="alert" className="mx-auto mt-8 flex max-w-md flex-col items-center rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center">
      <Icon aria-hidden="true" className="size-10 text-red-700" />
      <h2 className="mt-3 text-lg font-bold text-gray-900">{offline ? text.connectionError : text.unavailableTitle}</h2>
      <p className="mt-1 text-gray-700">{serverMessage(error, text.loadFailed)}</p>
      <div className="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button onClick={onRetry} busy={retrying}>
          <RefreshCw aria-hidden="true" className="size-5" />
          {text.tryAgain}
        </Button>
        <Link to="/products" className={buttonClassName('secondary')}>
          {text.continueShopping}
        </Link>
      </div>
    </div>
  );
}

function EmptyWishlist() {
  const text = useMessages(wishlistText);
  return (
    <div className="mx-auto mt-8 flex max-w-md flex-col items-center px-4 py-8 text-center">
      <Heart aria-hidden="true" className="size-12 text-gray-400" />
      <h2 className="mt-3 text-lg font-bold text-gray-900">{text.emptyTitle}</h2>
      <p className="mt-1 text-gray-700">{text.emptyDetail}</p>
      <Link to="/products" className={buttonClassName('primary', 'mt-6')}>
        <ShoppingBag aria-hidden="true" className="size-5" />
        {text.startShopping}
      </Link>
    </div>
  );
}
