import { nameIn } from '@contract/bangla-names';
import { UNPAID_ORDER_MINUTES, type Order, type OrderItem } from '@contract/orders';
import { ImageOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/button';
import { PaymentBadge, StatusBadge } from '@/components/order-parts';
import { ParcelTracking } from '@/components/parcel-tracking';
import { PayNowButton } from '@/components/pay-now-button';
import { useFormat, useMessages } from '@/i18n/react';
import { accountText } from '@/messages/account';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { awaitsCashConfirmation, awaitsOnlinePayment, itemCount, orderNotice, shortId } from '../lib/orders';
import { CashConfirmation } from './cash-confirmation';

/** Returns are asked only of delivered orders: their form and its rules load when one is shown. */
const OrderReturn = lazy(() => import('./order-return'));

const THUMB = 64;

export function ItemThumb({ item }: { item: Pick<OrderItem, 'image' | 'productName'> }) {
  const text = useMessages(accountText);
  return item.image ? (
    <img
      src={imageUrl(item.image, THUMB)}
      srcSet={imageSrcSet(item.image, THUMB)}
      alt={item.productName}
      width={THUMB}
      height={THUMB}
      loading="lazy"
      decoding="async"
      className="size-16 shrink-0 rounded-md border border-gray-200 bg-gray-50 object-cover"
    />
  ) : (
    <span
      role="img"
      aria-label={text.noImage(item.productName)}
      className="flex size-16 shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-500"
    >
      <ImageOff aria-hidden="true" className="size-6" />
    </span>
  );
}

export type OrderCardActions = {
  onDetails: (order: Order) => void;
  onInvoice: (order: Order) => void;
  onBuyAgain: (order: Order) => void;
  onCancel: (order: Order) => void;
  onReview: (order: Order, item: OrderItem) => void;
};

export function OrderCard({ order, actions, downloading = false }: { order: Order; actions: OrderCardActions; downloading?: boolean }) {
  const text = useMessages(accountText);
  const format = useFormat();
  const count = itemCount(order);
  const id = shortId(order._id);
  const headingId = `order-${order._id}`;
  const notice = orderNotice(order, text, format.count(UNPAID_ORDER_MINUTES));
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="font-mono text-lg font-bold text-gray-900">
            #{id}
          </h2>
          <p className="text-sm text-gray-700">{text.orderedOn(format.dateMdy(order.createdAt))}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={order.status} />
          <PaymentBadge paymentStatus={order.paymentStatus} />
        </div>
      </header>
      <p className="mt-2 text-base">
        <span className="font-bold text-gray-900">{format.taka(order.totalPrice)}</span>{' '}
        <span className="text-gray-700">· {text.itemCount(count, format.count(count))}</span>
      </p>
      {notice && <p className="mt-1 text-sm text-gray-800">{notice}</p>}
      {awaitsCashConfirmation(order) && <CashConfirmation order={order} />}
      {order.tracking && <ParcelTracking tracking={order.tracking} />}
      {order.status === 'delivered' && (
        <Suspense fallback={null}>
          <OrderReturn order={order} />
        </Suspense>
      )}
      <ul className="mt-3 divide-y divide-gray-100">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? 'gone'}-${index}`} className="flex items-center gap-3 py-2">
            <ItemThumb item={item} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-gray-900">{nameIn(format.locale, item.productName, item.productNameBn)}</p>
              <p className="text-sm text-gray-700">{text.quantity(format.count(item.quantity))}</p>
            </div>
            {order.status === 'delivered' && item.productId && (
              <Button variant="ghost" onClick={() => actions.onReview(order, item)} aria-label={text.reviewProduct(item.productName)}>
                {text.review}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button variant="secondary" className="px-2 text-sm sm:px-4 sm:text-base" onClick={() => actions.onDetails(order)}>
          {text.viewDetails}
        </Button>
        <Button variant="secondary" className="px-2 text-sm sm:px-4 sm:text-base" busy={downloading} onClick={() => actions.onInvoice(order)}>
          {text.downloadInvoice}
        </Button>
        <Button variant="secondary" className="px-2 text-sm sm:px-4 sm:text-base" onClick={() => actions.onBuyAgain(order)}>
          {text.buyAgain}
        </Button>
        {awaitsOnlinePayment(order) && order.transaction_id && <PayNowButton tranId={order.transaction_id} className="px-2 text-sm sm:px-4 sm:text-base" />}
        {order.status === 'pending' && (
          <Button variant="ghost" className="px-2 text-sm text-red-700 hover:bg-red-50 sm:px-4 sm:text-base" onClick={() => actions.onCancel(order)}>
            {text.cancelOrder}
          </Button>
        )}
      </div>
    </article>
  );
}

/** The height of a one-item card, so the list does not jump when the orders arrive. */
export function OrderCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex justify-between gap-2">
        <div className="h-12 w-32 animate-pulse rounded-md bg-gray-200" />
        <div className="h-6 w-28 animate-pulse rounded-md bg-gray-200" />
      </div>
      <div className="mt-2 h-6 w-40 animate-pulse rounded-md bg-gray-200" />
      <div className="mt-3 flex items-center gap-3 py-2">
        <div className="size-16 animate-pulse rounded-md bg-gray-200" />
        <div className="h-10 flex-1 animate-pulse rounded-md bg-gray-200" />
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:flex">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-11 animate-pulse rounded-md bg-gray-200 sm:w-36" />
        ))}
      </div>
    </div>
  );
}
