import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileText, ImageOff, Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AdminOrderDetail } from '@contract/back-office-orders';
import { orderNumber } from '@contract/order-number';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { OrderTotals, PaymentBadge, RefundStatusBadge, StatusBadge } from '@/components/order-parts';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { ApiError } from '@/lib/api';
import { useFormat, useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { isWaitingForNetwork } from '@/lib/online';
import { useAddressLine } from '@/lib/place-names';
import { refundDestination } from '@/lib/refund-methods';
import { CourierActions } from '../../components/orders/courier-actions';
import { OrderHistory } from '../../components/orders/order-history';
import { OrderNotes } from '../../components/orders/order-notes';
import { OrderStatusActions } from '../../components/orders/order-status-actions';
import { adminOrderQuery, openOrderPdf, type OrderPdf } from '../../lib/orders/order-api';
import { formatDhakaTime } from '../../lib/orders/order-filters';
import { paymentMethodLabel, paymentStatusLabel, statusLabel } from '../../lib/orders/order-text';
import { ScreenLink } from '../../components/screen-link';

/** One order as the admin handles it: its items and sums, who it goes to, its payment and history, and its next steps. */
export function OrderDetailPage({ orderId }: { orderId: string }) {
  const text = useMessages(backOfficeOrdersText);
  const detail = useQuery(adminOrderQuery(orderId));
  const number = orderNumber(orderId);
  return (
    <div className="flex flex-col gap-4">
      <PageHead title={text.orderTitle(number)} />
      <ScreenLink area="admin" path="orders" className="inline-flex min-h-11 items-center gap-2 self-start font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-5" />
        {text.allOrders}
      </ScreenLink>
      {isWaitingForNetwork(detail) ? (
        <>
          <h1 className="text-2xl font-bold text-gray-900">{text.orderTitle(number)}</h1>
          <OfflineNotice compact detail={text.orderNotSaved} />
        </>
      ) : detail.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : detail.isError ? (
        <>
          <h1 className="text-2xl font-bold text-gray-900">{text.orderTitle(number)}</h1>
          <Alert>{detail.error instanceof ApiError && detail.error.status === 404 ? text.notFound : text.orderFailed}</Alert>
        </>
      ) : (
        <OrderDetail detail={detail.data} />
      )}
    </div>
  );
}

function OrderDetail({ detail }: { detail: AdminOrderDetail }) {
  const text = useMessages(backOfficeOrdersText);
  const words = useMessages(backOfficeText);
  const { locale } = useFormat();
  const { order } = detail;
  const number = orderNumber(order._id);
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-mono text-2xl font-bold text-gray-900">{text.orderTitle(number)}</h1>
          <p className="text-sm text-gray-700">{text.placed(formatDhakaTime(order.createdAt, locale))}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <StatusBadge status={order.status} label={statusLabel(words, order.status)} />
            <PaymentBadge paymentStatus={order.paymentStatus} label={paymentStatusLabel(words, order.paymentStatus)} />
          </div>
        </div>
        <PdfButtons orderId={order._id} />
      </header>
      {/*
       * A phone shows one column in the order an admin works through it: what to do, what to pack, where it goes, the
       * payment, the history. A desktop puts the items and history beside the rest; there the columns are real boxes
       * and the phone's order does not apply.
       */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents lg:col-span-2 lg:flex lg:min-w-0 lg:flex-col lg:gap-4">
          <div className="order-2 min-w-0 lg:order-none">
            <ItemsSection detail={detail} />
          </div>
          <div className="order-5 min-w-0 lg:order-none">
            <OrderHistory history={detail.history} />
          </div>
          <div className="order-6 min-w-0 lg:order-none">
            <OrderNotes orderId={order._id} />
          </div>
        </div>
        <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-4">
          <div className="order-1 min-w-0 lg:order-none">
            <OrderStatusActions detail={detail} />
            <div className="mt-4">
              <CourierActions detail={detail} />
            </div>
          </div>
          <div className="order-3 min-w-0 lg:order-none">
            <CustomerSection detail={detail} />
          </div>
          <div className="order-4 min-w-0 lg:order-none">
            <PaymentSection detail={detail} />
          </div>
        </div>
      </div>
    </>
  );
}

function PdfButtons({ orderId }: { orderId: string }) {
  const text = useMessages(backOfficeOrdersText);
  const [opening, setOpening] = useState<OrderPdf>();
  const [error, setError] = useState<string>();
  const open = (kind: OrderPdf) => {
    setOpening(kind);
    setError(undefined);
    openOrderPdf(kind, orderId)
      .catch((failure: unknown) =>
        setError(
          failure instanceof ApiError && failure.isNetworkError
            ? text.pdfOffline
            : failure instanceof ApiError && failure.hasServerMessage
              ? failure.message
              : text.pdfFailed,
        ),
      )
      .finally(() => setOpening(undefined));
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={opening === 'packing-slip'} onClick={() => open('packing-slip')}>
          <Printer aria-hidden="true" className="size-5" />
          {text.packingSlip}
        </Button>
        <Button variant="secondary" busy={opening === 'invoice'} onClick={() => open('invoice')}>
          <FileText aria-hidden="true" className="size-5" />
          {text.invoice}
        </Button>
      </div>
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={id} className="text-lg font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs; empty values are left out. */
function Facts({ facts }: { facts: [label: string, value: ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="break-words text-gray-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The items' pictures, in CSS pixels. */
const ITEM_IMAGE = 56;

function ItemsSection({ detail: { order } }: { detail: AdminOrderDetail }) {
  const text = useMessages(backOfficeOrdersText);
  const format = useFormat();
  return (
    <Section id="order-items-heading" title={text.items}>
      <ul aria-label={text.items} className="mt-2 divide-y divide-gray-100">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? 'gone'}-${index}`} className="flex items-center gap-3 py-2">
            {item.image ? (
              <img
                src={imageUrl(item.image, ITEM_IMAGE)}
                srcSet={imageSrcSet(item.image, ITEM_IMAGE)}
                alt={item.productName}
                width={ITEM_IMAGE}
                height={ITEM_IMAGE}
                loading="lazy"
                className="size-14 shrink-0 rounded-md bg-gray-100 object-cover"
              />
            ) : (
              <span
                role="img"
                aria-label={text.noImage(item.productName)}
                className="flex size-14 shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-500"
              >
                <ImageOff aria-hidden="true" className="size-6" />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-gray-900">{item.productName}</p>
              <p className="text-sm text-gray-700">
                {[
                  text.quantity(format.count(item.quantity), format.takaPrecise(item.price)),
                  item.size && text.size(item.size),
                  item.color && text.colour(item.color),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <span className="shrink-0 font-semibold text-gray-900">{format.takaPrecise(item.subTotal)}</span>
          </li>
        ))}
      </ul>
      <h3 className="sr-only">{text.totals}</h3>
      <OrderTotals order={order} className="mt-2" />
    </Section>
  );
}

function CustomerSection({ detail: { order } }: { detail: AdminOrderDetail }) {
  const text = useMessages(backOfficeOrdersText);
  const address = useAddressLine(order.deliveryAddress);
  return (
    <Section id="order-customer-heading" title={text.customer}>
      <Facts
        facts={[
          [text.name, order.customerName],
          [
            text.phone,
            <a key="phone" href={`tel:${order.phone}`} className="-my-3 inline-block py-3 text-brand-700 underline">
              {order.phone}
            </a>,
          ],
          [text.email, order.customerEmail],
          [text.address, address],
        ]}
      />
    </Section>
  );
}

function PaymentSection({ detail: { order, payment, refund } }: { detail: AdminOrderDetail }) {
  const text = useMessages(backOfficeOrdersText);
  const words = useMessages(backOfficeText);
  const format = useFormat();
  return (
    <Section id="order-payment-heading" title={text.payment}>
      <Facts
        facts={[
          [text.method, paymentMethodLabel(words, order.paymentMethod)],
          [text.status, <PaymentBadge key="status" paymentStatus={order.paymentStatus} label={paymentStatusLabel(words, order.paymentStatus)} />],
          [text.transaction, order.transaction_id ? <span className="font-mono">{order.transaction_id}</span> : '—'],
          ...(payment
            ? ([
                [text.gateway, payment.provider],
                [text.amount, format.takaExact(payment.amount)],
                [text.gatewayStatus, payment.status],
                [text.bankTransaction, payment.bankTranId],
                [text.validatedAt, payment.validatedAt && formatDhakaTime(payment.validatedAt, format.locale)],
                [text.refundReference, payment.refundRefId],
                [text.refundedAt, payment.refundedAt && formatDhakaTime(payment.refundedAt, format.locale)],
              ] satisfies [string, ReactNode][])
            : []),
        ]}
      />
      {refund && (
        <>
          <h3 className="mt-3 font-semibold text-gray-900">{text.refundRequest}</h3>
          <Facts
            facts={[
              [text.payBackTo, refundDestination(refund, text, format.locale)],
              [text.requestStatus, <RefundStatusBadge key="status" status={refund.refundStatus} />],
              [text.reasonRefused, refund.rejectReason],
            ]}
          />
        </>
      )}
    </Section>
  );
}
