import { REVIEW_UPDATED } from '@contract/catalogue-constants';
import type { CustomerCancelCode, Order, OrderItem } from '@contract/orders';
import type { CancelFormValues } from '@/lib/cancel-form';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { OrderUpdatesOffer } from '@/components/order-updates-offer';
import { Page } from '@/components/page';
import { Tabs } from '@/components/tabs';
import { useFormat, useMessages } from '@/i18n/react';
import { ApiError } from '@/lib/api';
import { useApiMessage } from '@/lib/api-message';
import { notify } from '@/lib/notify';
import { accountText } from '@/messages/account';
import { isWaitingForNetwork } from '@/lib/online';
import { useSession } from '@/lib/session';
import { ordersNotListed, useWaitingOrders, type WaitingOrder } from '@/lib/waiting-orders';
import { downloadInvoice, useCancelOrder, useOrders, useRequestRefund, useSubmitReview } from '../api';
import { OrderCard, OrderCardSkeleton, type OrderCardActions } from '../components/order-card';
import { WaitingOrderCard } from '../components/waiting-order-card';
import { FilterToggle, OrderFiltersPanel } from '../components/order-filters';
import { CancelConfirmDialog, OrderDetailsDialog, RefundAcceptedDialog, RefundDialog, ReviewDialog } from '../components/order-dialogs';
import type { RefundFormValues } from '../lib/forms';
import { useLiveOrders } from '../lib/use-live-orders';
import {
  activeFilterCount,
  buyAgainState,
  cancelAction,
  filterOrders,
  NO_ORDER_FILTERS,
  shortId,
  STATUS_TABS,
  type OrderFilters,
  type StatusTab,
} from '../lib/orders';

const SKELETON_CARDS = 3;

type OpenDialog = { kind: 'details' | 'confirm' | 'refund'; order: Order } | { kind: 'accepted' } | { kind: 'review'; order: Order; item: OrderItem } | null;

export function MyOrdersPage({ linkedOrderId }: { linkedOrderId?: string } = {}) {
  const { user } = useSession();
  const text = useMessages(accountText);
  const format = useFormat();
  const apiMessage = useApiMessage();
  const navigate = useNavigate();
  // Arrived from the checkout with the order just placed: notifications about it are offered (once per device).
  const justPlaced = useRouterState({ select: (state) => Boolean(state.location.state.placedOrder) });
  const ordersResult = useOrders();
  useLiveOrders(user?._id);
  const { data: orders } = ordersResult;
  // Orders placed offline (or being placed) stand before the list until the list holds them.
  const waiting = ordersNotListed(useWaitingOrders(user?._id), orders?.map((order) => order._id) ?? []);
  const cancel = useCancelOrder();
  const refund = useRequestRefund();
  const review = useSubmitReview();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<StatusTab>('all');
  const [filters, setFilters] = useState<OrderFilters>(NO_ORDER_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const close = () => setDialog(null);
  // The order the address names opens in its details once the orders are there; closed, the address forgets it.
  const [linkedOpen, setLinkedOpen] = useState(linkedOrderId !== undefined);
  const linkedOrder = linkedOpen ? orders?.find((order) => order._id === linkedOrderId) : undefined;
  const closeLinked = () => {
    setLinkedOpen(false);
    void navigate({ to: '/user/my-orders', replace: true });
  };

  const shown = filterOrders(orders ?? [], search, tab, filters);
  const narrowed = search.trim() !== '' || activeFilterCount(filters) > 0;
  // The button that offers this sits where the orders were; the search box is where the shopper goes on from.
  const clearSearchAndFilters = () => {
    setSearch('');
    setFilters(NO_ORDER_FILTERS);
    searchRef.current?.focus();
  };

  const actions: OrderCardActions = {
    onDetails: (order) => setDialog({ kind: 'details', order }),
    onInvoice: (order) => {
      setDownloading(order._id);
      downloadInvoice(order._id)
        // A failed download shows nothing: the button is usable again, and the shopper can simply retry.
        .catch((err: unknown) => console.error('Invoice download failed', err))
        .finally(() => setDownloading(null));
    },
    onBuyAgain: (order) => {
      void navigate({ to: '/checkout', state: buyAgainState(order, { id: user?._id, name: user?.name }) });
    },
    onCancel: (order) => {
      const action = cancelAction(order);
      if (action === 'refund') setDialog({ kind: 'refund', order });
      else if (action === 'confirm') setDialog({ kind: 'confirm', order });
    },
    onReview: (order, item) => setDialog({ kind: 'review', order, item }),
  };

  const confirmCancel = (order: Order, why: CancelFormValues<CustomerCancelCode>) =>
    cancel.mutate(
      { orderId: order._id, ...why },
      {
        onSuccess: () => {
          notify.success(text.orderCancelled(shortId(order._id)));
          close();
        },
        // The server says why it refused (the order moved on meanwhile); without its word, the screen's own text.
        onError: (err) => notify.error(apiMessage(err, text.cancelFailed)),
      },
    );

  const submitRefund = (order: Order, values: RefundFormValues) =>
    refund.mutate(
      { orderId: order._id, ...values },
      {
        onSuccess: () => {
          notify.success(text.refundSubmitted);
          setDialog({ kind: 'accepted' });
        },
        onError: (err) => notify.error(apiMessage(err, text.refundFailed)),
      },
    );

  const submitReview = (item: OrderItem, values: { stars: number; text: string }) => {
    if (!user?._id || !item.productId) return;
    review.mutate(
      { productId: item.productId, userId: user._id, ...values },
      {
        // The server says whether the review was new or edited an earlier one; the shopper reads it in their language.
        onSuccess: ({ message }) => {
          notify.success(message === REVIEW_UPDATED ? text.reviewUpdated : text.reviewPosted);
          close();
        },
        onError: (err) => notify.error(err instanceof ApiError && err.status >= 500 ? text.reviewFailed : apiMessage(err, text.reviewFailed)),
      },
    );
  };

  return (
    <Page title={text.myOrders}>
      <p className="mt-1 text-gray-700">{text.myOrdersIntro}</p>
      {justPlaced && <OrderUpdatesOffer className="mt-4 max-w-xl" />}

      {/* The Filter button goes under the search box where both do not fit on one line with its whole placeholder. */}
      <div className="mt-4 flex flex-wrap gap-2">
        <div className="relative min-w-60 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500" />
          <input
            ref={searchRef}
            type="search"
            aria-label={text.searchOrders}
            placeholder={text.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="min-h-11 w-full rounded-md border border-gray-500 bg-white pr-3 pl-10 text-base text-gray-900 placeholder:text-gray-600"
          />
        </div>
        <FilterToggle open={filtersOpen} onToggle={() => setFiltersOpen((open) => !open)} panelId={filtersId} filters={filters} />
      </div>
      {filtersOpen && (
        <OrderFiltersPanel
          id={filtersId}
          filters={filters}
          onChange={setFilters}
          onClear={() => setFilters(NO_ORDER_FILTERS)}
          resultsLabel={text.showingOf(format.count(shown.length), orders?.length ?? 0, format.count(orders?.length ?? 0))}
        />
      )}

      <Tabs
        label={text.orderStatus}
        tabs={STATUS_TABS.map((tab) => ({ id: tab.id, label: text[tab.label] }))}
        selected={tab}
        onSelect={setTab}
        className="mt-4"
        panelClassName="pt-4"
        sharedPanel={
          <OrderList
            ordersResult={ordersResult}
            shown={shown}
            waiting={tab === 'all' || tab === 'pending' ? waiting : []}
            actions={actions}
            downloading={downloading}
            onClearSearchAndFilters={narrowed ? clearSearchAndFilters : undefined}
          />
        }
      />

      {dialog?.kind === 'details' && <OrderDetailsDialog order={dialog.order} onClose={close} />}
      {!dialog && linkedOrder && <OrderDetailsDialog order={linkedOrder} onClose={closeLinked} />}
      {dialog?.kind === 'confirm' && (
        <CancelConfirmDialog order={dialog.order} busy={cancel.isPending} onConfirm={(why) => confirmCancel(dialog.order, why)} onClose={close} />
      )}
      {dialog?.kind === 'refund' && <RefundDialog busy={refund.isPending} onSubmit={(values) => submitRefund(dialog.order, values)} onClose={close} />}
      {dialog?.kind === 'accepted' && <RefundAcceptedDialog onClose={close} />}
      {dialog?.kind === 'review' && (
        <ReviewDialog item={dialog.item} busy={review.isPending} onSubmit={(values) => submitReview(dialog.item, values)} onClose={close} />
      )}
    </Page>
  );
}

/** The orders of the selected tab, or why there are none to show. */
function OrderList({
  ordersResult,
  shown,
  waiting,
  actions,
  downloading,
  onClearSearchAndFilters,
}: {
  ordersResult: ReturnType<typeof useOrders>;
  shown: readonly Order[];
  waiting: readonly WaitingOrder[];
  actions: OrderCardActions;
  downloading: string | null;
  /** Offered when nothing is shown because of the search text or the filters. */
  onClearSearchAndFilters: (() => void) | undefined;
}) {
  const { isPending, isError } = ordersResult;
  const text = useMessages(accountText);
  return (
    <>
      {isError && <Alert className="mb-3">{text.ordersLoadFailed}</Alert>}
      {waiting.length > 0 && (
        <section aria-label={text.waitingOrders} className="mb-3 flex flex-col gap-3">
          {waiting.map((order) => (
            <WaitingOrderCard key={order.idempotencyKey} order={order} />
          ))}
        </section>
      )}
      {isWaitingForNetwork(ordersResult) ? (
        <OfflineNotice detail={text.ordersNotSaved} />
      ) : isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">{text.loadingOrders}</span>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <OrderCardSkeleton key={i} />
          ))}
        </div>
      ) : shown.length === 0 && waiting.length > 0 ? null : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-gray-700">{text.noOrders}</p>
          {onClearSearchAndFilters && (
            <Button variant="secondary" onClick={onClearSearchAndFilters}>
              {text.clearSearchAndFilters}
            </Button>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {shown.map((order) => (
            <OrderCard key={order._id} order={order} actions={actions} downloading={downloading === order._id} />
          ))}
        </div>
      )}
    </>
  );
}
